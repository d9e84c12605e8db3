import { useTranslation } from 'react-i18next';
import { LoadState, useCurrentRoute, useLanguage, RouteLink } from '@velvet/federation';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { EmptyState } from '@velvet/ui';
import { formatBerlinDate } from '../format';
import { GameBoard } from '../games/GameBoard';
import { eventStatus } from './eventStatus';
import { SpecialEventsSection } from './SpecialEventsList';
import { useSpecialEvents } from './useSpecialEvents';

/** A special event: what it is, when it runs, its game while it runs, and the other events. */
export function SpecialEventPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const language = useLanguage();
  const loaded = useSpecialEvents();
  return (
    <div className="specials-page">
      <nav aria-label={t('common.breadcrumb')}>
        <RouteLink to="blog">{t('blog.title')}</RouteLink>
      </nav>
      <LoadState loaded={loaded}>
        {(events) => {
          const event = events.find((e) => e.slug === route.args.eventSlug);
          if (!event)
            return (
              <EmptyState
                title={t('notFoundTitle', { ns: COMMON_NAMESPACE })}
                text={t('notFoundText', { ns: COMMON_NAMESPACE })}
              />
            );
          const status = eventStatus(event);
          return (
            <>
              <article className="specials-article" data-event={event.slug}>
                <h1>{event.name}</h1>
                <img className="specials-hero" src={event.imageUrl} width={640} height={360} alt="" loading="lazy" />
                <p>{event.description}</p>
                <p>
                  {t(`events.status.${status}`, {
                    start: formatBerlinDate(event.startDate, language),
                    end: formatBerlinDate(event.endDate, language),
                  })}
                </p>
                <p>{t('events.attempts', { count: event.dailyAttempts })}</p>
                {status === 'running' ? <GameBoard event={event} /> : null}
              </article>
              <SpecialEventsSection events={events} excludeId={event.id} />
            </>
          );
        }}
      </LoadState>
    </div>
  );
}
