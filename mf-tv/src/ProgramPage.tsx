import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TV_PROGRAM_MAX_LIMIT,
  TV_PROGRAM_TYPES,
  dateInZone,
  tvEndpoints,
  type TvProgramEntry,
  type TvProgramType,
} from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, useTimeZone } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { formatDay } from './format';
import { ProgramList } from './ProgramList';

/** Entries grouped by the calendar day they begin on in the zone the page shows. */
function byDay(entries: TvProgramEntry[], timeZone: string): TvProgramEntry[][] {
  const days = new Map<string, TvProgramEntry[]>();
  for (const entry of entries) {
    const day = dateInZone(new Date(entry.begin), timeZone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.values()];
}

/** The week's programme of the live and the premium channel. */
export function ProgramPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const { api } = usePlatform();
  const [type, setType] = useState<TvProgramType>('live');
  const loaded = useLoaded(
    `program:${type}`,
    async () =>
      (await api.rest(tvEndpoints.program, { params: { type }, query: { limit: TV_PROGRAM_MAX_LIMIT } })).entries,
  );
  return (
    <section className="mf-tv-page">
      <h1>{t('program.title')}</h1>
      <div className="mf-tv-switch" role="group" aria-label={t('program.channel')}>
        {TV_PROGRAM_TYPES.map((channel) => (
          <Button
            key={channel}
            variant={channel === type ? 'primary' : 'secondary'}
            aria-pressed={channel === type}
            onClick={() => setType(channel)}
          >
            {t(`program.channels.${channel}`)}
          </Button>
        ))}
      </div>
      <LoadState loaded={loaded}>
        {(entries) =>
          byDay(entries, timeZone).map((day) => {
            const label = formatDay(day[0]!.begin, language, timeZone);
            return (
              <section key={day[0]!.id}>
                <h2>{label}</h2>
                <ProgramList entries={day} label={label} />
              </section>
            );
          })
        }
      </LoadState>
    </section>
  );
}
