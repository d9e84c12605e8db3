import { useTranslation } from 'react-i18next';
import type { TvMediathekVideo } from '@velvet/contracts';
import { durationMinutes } from './format';

/** Episodes of a series; they are watched in the TV player, which arrives with the HLS playout. */
export function EpisodeList({ episodes, label }: { episodes: TvMediathekVideo[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="mf-tv-episodes" aria-label={label}>
      {episodes.map((episode) => (
        <li key={episode.id}>
          <article className="mf-tv-episode">
            <img src={episode.previewPicture} width={320} height={180} alt={episode.title} loading="lazy" />
            <h3>{episode.title}</h3>
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
