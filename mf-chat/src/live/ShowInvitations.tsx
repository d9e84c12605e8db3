import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomingMessage } from '@velvet/contracts';
import { usePlatform, useRouteLink } from '@velvet/federation';
import { Button, ButtonLink } from '@velvet/ui';
import './live.css';

type Invitation = IncomingMessage<'privateTicketShowInvitation'>;

/**
 * Spec private ticket show invitation: a show the guest holds a ticket for has started. Announced as a toast
 * and kept as a notice with the way to the live-show page until the guest goes there or closes it.
 */
export function ShowInvitations() {
  const { t } = useTranslation();
  const { bus, ui } = usePlatform();
  const linkTo = useRouteLink();
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  useEffect(() => {
    const subscription = bus.on('privateTicketShowInvitation').subscribe((invitation) => {
      ui.toast(t('shows.invitation.toast', { name: invitation.actorName }), 'info');
      setInvitations((list) => [...list.filter((item) => item.ticketId !== invitation.ticketId), invitation]);
    });
    return () => subscription.unsubscribe();
  }, [bus, ui, t]);

  const dismiss = (ticketId: number) => setInvitations((list) => list.filter((item) => item.ticketId !== ticketId));
  if (invitations.length === 0) return null;
  return (
    <ul className="mf-chat-invitations" aria-label={t('shows.invitation.label')}>
      {invitations.map((invitation) => {
        const link = linkTo('actorLiveShow', { actorName: invitation.actorName.toLowerCase() });
        return (
          <li key={invitation.ticketId} className="mf-chat-notice" data-testid="show-invitation">
            <img src={invitation.profilePicture} width={48} height={48} alt="" loading="lazy" decoding="async" />
            <p>{t('shows.invitation.text', { name: invitation.actorName })}</p>
            {link ? (
              <ButtonLink
                href={link.href}
                onNavigate={() => {
                  dismiss(invitation.ticketId);
                  link.onNavigate?.();
                }}
              >
                {t('shows.invitation.watch')}
              </ButtonLink>
            ) : null}
            <Button variant="ghost" onClick={() => dismiss(invitation.ticketId)}>
              {t('shows.invitation.close')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
