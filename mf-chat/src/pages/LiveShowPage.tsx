import { useTranslation } from 'react-i18next';
import { ticketChatListQuery, type ActorProfile } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, useGuestKey } from '@velvet/federation';
import { Button, EmptyState, Section } from '@velvet/ui';
import { LiveChatStage } from '../live/LiveChatStage';
import { TicketList } from '../live/TicketList';
import { useLiveChat } from '../live/useLiveChat';

/** While her show runs, a guest holding a ticket watches it as a LIVESHOW chat. */
function RunningShow({ actor, hasTicket }: { actor: ActorProfile; hasTicket: boolean }) {
  const { t } = useTranslation();
  const live = useLiveChat(actor.id);
  return (
    <Section title={t('shows.running', { name: actor.displayName })}>
      <LiveChatStage live={live} actor={actor}>
        {hasTicket ? (
          <Button onClick={() => void live.start('LIVESHOW')}>{t('shows.watch')}</Button>
        ) : (
          <p>{t('shows.ticketNeeded')}</p>
        )}
      </LiveChatStage>
    </Section>
  );
}

/**
 * Route actorLiveShow (a profile sub-page): the performer's ticket shows with buy and give back, and the show
 * itself for ticket holders while it runs.
 */
export function LiveShowPage({ actor }: { actor: ActorProfile }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guestKey = useGuestKey();
  const language = useLanguage();
  const tickets = useLoaded(
    `tickets/${actor.id}/${language}/${guestKey}`,
    async () => (await api.query(ticketChatListQuery, { modelId: actor.id })).ticketChatList,
  );
  const hasTicket = actor.guestHasTicket || (tickets.data ?? []).some((ticket) => ticket.isBought && ticket.hasStarted);
  return (
    <>
      {actor.isCurrentlyTicketShow ? <RunningShow actor={actor} hasTicket={hasTicket} /> : null}
      <Section title={t('shows.tickets', { name: actor.displayName })}>
        <LoadState loaded={tickets}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('shows.noTickets', { name: actor.displayName })} />
            ) : (
              <TicketList
                label={t('shows.tickets', { name: actor.displayName })}
                tickets={list}
                onChange={(changed) =>
                  tickets.update((all) => all.map((ticket) => (ticket.id === changed.id ? changed : ticket)))
                }
              />
            )
          }
        </LoadState>
      </Section>
    </>
  );
}
