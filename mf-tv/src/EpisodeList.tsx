import { useTranslation } from 'react-i18next';
import type { TvMediathekVideo } from '@velvet/contracts';
import { routeLink, useLanguage, usePlatform } from '@velvet/federation';
import { LinkOrText } from '@velvet/ui';
import { durationMinutes } from './format';

/** Episodes, each leading to its video page, where it plays on demand. */
export function EpisodeList({ episodes, label }: { episodes: TvMediathekVideo[]; label: string }) {
  const { t } = useTranslation();
  const { router } = usePlatform();
  const language = useLanguage();
  return (
    <ul className="mf-tv-episodes" aria-label={label}>
      {episodes.map((episode) => (
        <li key={episode.id}>
          <article className="mf-tv-episode">
            <img src={episode.previewPicture} width={320} height={180} alt={episode.title[language]} loading="lazy" />
            <h3>
              <LinkOrText
                link={routeLink(router, 'tvVideo', { key: episode.seriesKey, episodeId: String(episode.id) })}
              >
                {episode.title[language]}
              </LinkOrText>
            </h3>
            <p>
              {t('episode.meta', {
                episode: episode.episode,
                minutes: durationMinutes(episode.duration),
                fsk: episode.fsk,
              })}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
