import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_ACTOR_GENDERS,
  VIDEO_GRID_PAGE_SIZES,
  VIDEO_SORT_ORDERS,
  VIDEO_TAGS,
  videoCategoryDefaults,
  type VideoFilter,
  type VideoSort,
} from '@velvet/contracts';

/** Duration choices in seconds; -1 leaves an end open. */
export const DURATION_RANGES = [
  { key: 'any', from: -1, to: -1 },
  { key: 'short', from: -1, to: 5 * 60 },
  { key: 'medium', from: 5 * 60, to: 15 * 60 },
  { key: 'long', from: 15 * 60, to: 30 * 60 },
  { key: 'veryLong', from: 30 * 60, to: -1 },
] as const;

const FLAGS = [
  'isRecommended',
  'freeVideosOnly',
  'includeFreeVideos',
  'includeOnSaleVideos',
  'includeVIPVideos',
  'includeContestVideos',
  'includeBoughtVideos',
] as const satisfies readonly (keyof VideoFilter)[];

export interface VideoFilterBarProps {
  filter: VideoFilter;
  /** The sort and page size the grid shows now (chosen, stored or the defaults), once known. */
  shown: { sort?: VideoSort; pageSize?: number };
  onChange: (change: Partial<VideoFilter>) => void;
  loggedIn: boolean;
}

/** Sort, page size, performer gender, duration, tag and content switches of a video grid. */
export function VideoFilterBar({ filter, shown, onChange, loggedIn }: VideoFilterBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const defaultSort = videoCategoryDefaults(filter.type).sort;
  const sorts: VideoSort[] =
    defaultSort === 'topTrending' ? ['topTrending', ...VIDEO_SORT_ORDERS] : [...VIDEO_SORT_ORDERS];
  const duration =
    DURATION_RANGES.find((r) => r.from === filter.duration.from && r.to === filter.duration.to) ?? DURATION_RANGES[0];
  const genders = VIDEO_ACTOR_GENDERS.filter((g) => g !== 'NONE');
  const toggleGender = (gender: (typeof genders)[number], on: boolean) =>
    onChange({
      actorGenders: on
        ? [...filter.actorGenders.filter((g) => g !== 'NONE'), gender]
        : filter.actorGenders.filter((g) => g !== gender),
    });

  return (
    <form className="mf-media-filter" aria-label={t('filter.label')} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={`${id}-sort`}>{t('filter.sort')}</label>
      <select
        id={`${id}-sort`}
        value={shown.sort && sorts.includes(shown.sort) ? shown.sort : defaultSort}
        onChange={(e) => onChange({ sort: e.target.value as VideoSort })}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>

      <label htmlFor={`${id}-page-size`}>{t('filter.pageSize')}</label>
      <select
        id={`${id}-page-size`}
        value={shown.pageSize ?? filter.pageSize}
        onChange={(e) => onChange({ pageSize: Number(e.target.value) })}
      >
        {VIDEO_GRID_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>

      <label htmlFor={`${id}-duration`}>{t('filter.duration')}</label>
      <select
        id={`${id}-duration`}
        value={duration.key}
        onChange={(e) => {
          const range = DURATION_RANGES.find((r) => r.key === e.target.value) ?? DURATION_RANGES[0];
          onChange({ duration: { from: range.from, to: range.to } });
        }}
      >
        {DURATION_RANGES.map((range) => (
          <option key={range.key} value={range.key}>
            {t(`duration.${range.key}`)}
          </option>
        ))}
      </select>

      <label htmlFor={`${id}-tag`}>{t('filter.tag')}</label>
      <select
        id={`${id}-tag`}
        value={filter.tags[0] ?? ''}
        onChange={(e) => onChange({ tags: e.target.value ? [e.target.value] : [] })}
      >
        <option value="">{t('filter.allTags')}</option>
        {VIDEO_TAGS.map((tag) => (
          <option key={tag} value={tag}>
            {t(`tag.${tag}`)}
          </option>
        ))}
      </select>

      <fieldset>
        <legend>{t('filter.genders')}</legend>
        {genders.map((gender) => (
          <label key={gender}>
            <input
              type="checkbox"
              checked={filter.actorGenders.includes(gender)}
              onChange={(e) => toggleGender(gender, e.target.checked)}
            />
            {t(`gender.${gender}`)}
          </label>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('filter.content')}</legend>
        {/* Bought videos are a logged-in guest's: for visitors the box keeps its place, hidden, so the bar does not
            move when the guest's session arrives after the shared page's hydration. */}
        {FLAGS.map((flag) => (
          <label
            key={flag}
            className={!loggedIn && flag === 'includeBoughtVideos' ? 'mf-media-filter__reserved' : undefined}
          >
            <input type="checkbox" checked={filter[flag]} onChange={(e) => onChange({ [flag]: e.target.checked })} />
            {t(`flag.${flag}`)}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
