import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_GENDER_TYPES, type ActorCategory, type SearchConditions, type SearchFilterKey } from '@velvet/contracts';
import { Button } from '@velvet/ui';
import { displayName, formatChatPrice } from '../format';
import { activeFilters } from './searchState';
import type { ActorSearch } from './useActorSearch';

/** Spoken languages the filter offers: the site's languages and those of the performers. */
export const FILTER_LANGUAGES = ['de', 'en', 'nl', 'es', 'fr', 'pl', 'cs', 'ro'] as const;
export const FILTER_AGES = [18, 20, 25, 30, 35, 40, 45, 50, 60] as const;
/** Highest price per minute choices, hundredths of a coin. */
export const FILTER_MAX_PRICES = [100, 200, 300, 500, 1000] as const;
export const FILTER_RADII_KM = [10, 25, 50, 100, 250, 500] as const;

const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** A select whose first option means "any" (null). */
function NullableSelect({
  label,
  value,
  options,
  onChange,
  format = String,
}: {
  label: string;
  value: number | null;
  options: readonly number[];
  onChange: (value: number | null) => void;
  format?: (value: number) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mf-chat-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(numberOrNull(event.target.value))}>
        <option value="">{t('search.any')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {format(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter's value in words, for its chip. */
function useFilterValueText() {
  const { t, i18n } = useTranslation();
  return (key: SearchFilterKey, conditions: SearchConditions, categories: ActorCategory[]): string => {
    switch (key) {
      case 'genders':
        return conditions.genders.map((gender) => t(`search.genders.${gender}`)).join(', ');
      case 'ageFrom':
      case 'ageTo':
      case 'radiusKm':
        return t(`search.values.${key}`, { value: conditions[key] });
      case 'languages':
        return conditions.languages.map((code) => displayName(i18n.language, 'language', code)).join(', ');
      case 'countries':
        return conditions.countries.map((code) => displayName(i18n.language, 'region', code)).join(', ');
      case 'categoryId':
        return categories.find((category) => category.id === conditions.categoryId)?.name ?? '';
      case 'maxPrice':
        return t('search.values.maxPrice', { price: formatChatPrice(conditions.maxPrice ?? 0) });
      case 'onlineOnly':
      case 'freeChatOnly':
        return '';
    }
  };
}

/** The set filters as chips, each deletable, and "delete all" (through actorsearch/filter/delete). */
export function ActiveFilters({ search, categories }: { search: ActorSearch; categories: ActorCategory[] }) {
  const { t } = useTranslation();
  const valueText = useFilterValueText();
  const keys = activeFilters(search.state.conditions);
  if (keys.length === 0) return null;
  return (
    <div className="mf-chat-search__chips">
      <ul aria-label={t('search.activeFilters')}>
        {keys.map((key) => {
          const value = valueText(key, search.state.conditions, categories);
          const text = value ? `${t(`search.filters.${key}`)}: ${value}` : t(`search.filters.${key}`);
          return (
            <li key={key}>
              <span>{text}</span>
              <button
                type="button"
                className="mf-chat-search__chip-delete"
                aria-label={t('search.deleteFilter', { filter: text })}
                onClick={() => void search.deleteFilter(key)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="small" onClick={() => void search.deleteAllFilters()}>
        {t('search.deleteAll')}
      </Button>
    </div>
  );
}

/** The filters the init offers for this search type; every change reruns the search from page 1. */
export function SearchFilters({ search, categories }: { search: ActorSearch; categories: ActorCategory[] }) {
  const { t, i18n } = useTranslation();
  const { conditions, availableFilters } = search.state;
  const offers = (key: SearchFilterKey) => availableFilters.includes(key);
  const categoryId = useId();
  return (
    <form
      className="mf-chat-search__filters"
      aria-label={t('search.filtersLabel')}
      onSubmit={(e) => e.preventDefault()}
    >
      {offers('onlineOnly') || offers('freeChatOnly') ? (
        <fieldset>
          <legend>{t('search.filters.state')}</legend>
          {(['onlineOnly', 'freeChatOnly'] as const).filter(offers).map((key) => (
            <label key={key} className="mf-chat-check">
              <input
                type="checkbox"
                checked={conditions[key]}
                onChange={(event) => search.setFilter(key, event.target.checked)}
              />{' '}
              {t(`search.filters.${key}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {offers('genders') ? (
        <fieldset>
          <legend>{t('search.filters.genders')}</legend>
          {ACTOR_GENDER_TYPES.map((gender) => (
            <label key={gender} className="mf-chat-check">
              <input
                type="checkbox"
                checked={conditions.genders.includes(gender)}
                onChange={() => search.setFilter('genders', toggled(conditions.genders, gender))}
              />{' '}
              {t(`search.genders.${gender}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {offers('ageFrom') || offers('ageTo') ? (
        <fieldset>
          <legend>{t('search.filters.age')}</legend>
          {(['ageFrom', 'ageTo'] as const).filter(offers).map((key) => (
            <NullableSelect
              key={key}
              label={t(`search.filters.${key}`)}
              value={conditions[key]}
              options={FILTER_AGES}
              onChange={(value) => search.setFilter(key, value)}
            />
          ))}
        </fieldset>
      ) : null}
      {offers('languages') ? (
        <fieldset>
          <legend>{t('search.filters.languages')}</legend>
          {FILTER_LANGUAGES.map((code) => (
            <label key={code} className="mf-chat-check">
              <input
                type="checkbox"
                checked={conditions.languages.includes(code)}
                onChange={() => search.setFilter('languages', toggled(conditions.languages, code))}
              />{' '}
              {displayName(i18n.language, 'language', code)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {offers('maxPrice') ? (
        <NullableSelect
          label={t('search.filters.maxPrice')}
          value={conditions.maxPrice}
          options={FILTER_MAX_PRICES}
          format={(price) => `${formatChatPrice(price)}${t('chat.perMinute')}`}
          onChange={(value) => search.setFilter('maxPrice', value)}
        />
      ) : null}
      {offers('categoryId') && categories.length > 0 ? (
        <div className="mf-chat-field">
          <label htmlFor={categoryId}>{t('search.filters.categoryId')}</label>
          <select
            id={categoryId}
            value={conditions.categoryId ?? ''}
            onChange={(event) => search.setFilter('categoryId', numberOrNull(event.target.value))}
          >
            <option value="">{t('search.any')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {search.state.searchType === 'location' && offers('radiusKm') ? (
        <NullableSelect
          label={t('search.filters.radiusKm')}
          value={conditions.radiusKm}
          options={FILTER_RADII_KM}
          format={(km) => t('search.distance', { km })}
          onChange={(value) => search.setFilter('radiusKm', value)}
        />
      ) : null}
    </form>
  );
}
