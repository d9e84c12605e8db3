import { useTranslation } from 'react-i18next';
import { ticketChatListQuery, type ActorProfile } from '@velvet/contracts';
import {
  LoadState,
  useLanguage,
  useLoaded,
  usePlatform,
  RouteButton,
  useTimeZone,
  useGuestKey,
} from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { Price, Section } from '@velvet/ui';
import { formatChatPrice } from '../format';
import { localized } from '../live/TicketList';

/** How many of her planned shows the profile names; the live-show page lists them all. */
export const PROFILE_TICKETS_SHOWN = 3;

/**
 * The performer's planned ticket shows on her profile (structured query ticketChatList): when, what, the price,
 * and whether the guest holds a ticket; buying happens on the live-show page it links to. Nothing planned, nothing
 * shown.
 */
export function ProfileTickets({ actor }: { actor: ActorProfile }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guestKey = useGuestKey();
  const language = useLanguage();
  const timeZone = useTimeZone();
  // The same request as the live-show page's, so going there needs no second load.
  const tickets = useLoaded(
    `tickets/${actor.id}/${language}/${guestKey}`,
    async () => (await api.query(ticketChatListQuery, { modelId: actor.id })).ticketChatList,
  );
  if (tickets.status !== 'error' && tickets.data?.length === 0) return null;
  return (
    <Section title={t('profile.tickets.title', { name: actor.displayName })} level={2}>
      <LoadState loaded={tickets}>
        {(list) => (
          <>
            <ul
              className="mf-chat-profile-tickets"
              aria-label={t('profile.tickets.title', { name: actor.displayName })}
            >
              {list.slice(0, PROFILE_TICKETS_SHOWN).map((ticket) => (
                <li key={ticket.id} data-ticket-id={ticket.id}>
                  <strong>{localized(ticket.title, language) || t('profile.tickets.untitled')}</strong>{' '}
                  <time dateTime={ticket.start}>
                    {formatDate(ticket.start, language, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
                  </time>{' '}
                  ·{' '}
                  <Price
                    amount={ticket.isFree ? 0 : ticket.price.value}
                    format={formatChatPrice}
                    freeLabel={t('chat.free')}
                  />
                  {ticket.isBought ? <> · {t('profile.tickets.owned')}</> : null}
                </li>
              ))}
            </ul>
            <RouteButton to="actorLiveShow" args={{ actorName: actor.name }} variant="secondary">
              {t('profile.tickets.toLiveShow', { count: list.length })}
            </RouteButton>
          </>
        )}
      </LoadState>
    </Section>
  );
}
