import { useTranslation } from 'react-i18next';
import type { SpecialEvent } from '@velvet/contracts';
import { LoadState, useLanguage, useRouteLink } from '@velvet/federation';
import { Section, Tile, TileGrid } from '@velvet/ui';
import { formatBerlinDate } from '../format';
import { eventStatus } from './eventStatus';
import { useSpecialEvents } from './useSpecialEvents';

/** The special events (games) as tiles: running first, then upcoming, then ended (the server's order). */
export function SpecialEventsSection({ events, excludeId }: { events: SpecialEvent[]; excludeId?: number }) {
  const { t } = useTranslation();
  const link = useRouteLink();
  const language = useLanguage();
  return (
    <div id="special-events">
      <Section title={t('events.title')}>
        <TileGrid label={t('events.title')}>
          {events
            .filter((event) => event.id !== excludeId)
            .map((event) => (
              <Tile
                key={event.id}
                link={link('specialEvent', { eventSlug: event.slug })}
                image={{ src: event.imageUrl, width: 640, height: 360, alt: event.name }}
                title={event.name}
                subtitle={t(`events.status.${eventStatus(event)}`, {
                  start: formatBerlinDate(event.startDate, language),
                  end: formatBerlinDate(event.endDate, language),
                })}
                dataAttributes={{ 'data-event': event.slug }}
              />
            ))}
        </TileGrid>
      </Section>
    </div>
  );
}

/** Loads the special events and shows them. */
export function SpecialEventsList() {
  const loaded = useSpecialEvents();
  return <LoadState loaded={loaded}>{(events) => <SpecialEventsSection events={events} />}</LoadState>;
}
