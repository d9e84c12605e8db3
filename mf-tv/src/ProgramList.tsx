import { useTranslation } from 'react-i18next';
import type { TvProgramEntry } from '@velvet/contracts';
import { useLanguage } from '@velvet/federation';
import { formatTime, pickText } from './format';

/** Programme entries: time, title, text and hosts; the running one is marked. */
export function ProgramList({
  entries,
  label,
  now = new Date(),
}: {
  entries: TvProgramEntry[];
  label: string;
  now?: Date;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ol className="mf-tv-program" aria-label={label}>
      {entries.map((entry) => {
        const onAir = new Date(entry.begin) <= now && new Date(entry.end) > now;
        return (
          <li key={entry.id} className="mf-tv-program__entry" aria-current={onAir ? 'true' : undefined}>
            <time dateTime={entry.begin} className="mf-tv-program__time">
              {formatTime(entry.begin, language)} – {formatTime(entry.end, language)}
            </time>
            <div>
              <h3 className="mf-tv-program__title">
                {pickText(entry.title, language)}
                {onAir ? <span className="mf-tv-badge">{t('program.onAir')}</span> : null}
              </h3>
              <p>{pickText(entry.text, language)}</p>
              {entry.actors.length ? (
                <p className="mf-tv-program__hosts">
                  {t('program.hosts', { names: entry.actors.map((actor) => actor.name).join(', ') })}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
