import { useTranslation } from 'react-i18next';
import type { TvProgramEntry } from '@velvet/contracts';
import { useLanguage, useNow, useTimeZone } from '@velvet/federation';
import { formatTime } from './format';

/** How often the mark of the running entry is checked. */
const ON_AIR_TICK_MS = 60_000;

/**
 * Programme entries: time, title, text and hosts; the running one is marked once the browser's clock says which it
 * is (not on the server's page, which is shared and cached).
 */
export function ProgramList({ entries, label }: { entries: TvProgramEntry[]; label: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const now = useNow(ON_AIR_TICK_MS);
  return (
    <ol className="mf-tv-program" aria-label={label}>
      {entries.map((entry) => {
        const onAir = now !== null && Date.parse(entry.begin) <= now && Date.parse(entry.end) > now;
        return (
          <li key={entry.id} className="mf-tv-program__entry" aria-current={onAir ? 'true' : undefined}>
            <time dateTime={entry.begin} className="mf-tv-program__time">
              {formatTime(entry.begin, language, timeZone)} – {formatTime(entry.end, language, timeZone)}
            </time>
            <div>
              <h3 className="mf-tv-program__title">
                {entry.title[language]}
                {onAir ? <span className="mf-tv-badge">{t('program.onAir')}</span> : null}
              </h3>
              <p>{entry.text[language]}</p>
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
