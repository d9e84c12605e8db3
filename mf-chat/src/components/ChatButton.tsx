import { useTranslation } from 'react-i18next';
import type { ChatButtonConfig } from '@velvet/contracts';
import { ButtonLink, Price } from '@velvet/ui';
import { formatChatPrice } from '../format';
import { chatButtonView } from './chatButtonView';
import { useRouteLink } from '@velvet/federation';

export interface ChatButtonProps {
  config: ChatButtonConfig;
  actorName: string;
  displayName: string;
  /** On the profile: a line that explains a disabled button and names vouchers and the free preview. */
  explain?: boolean;
  size?: 'normal' | 'small';
}

/**
 * The chat button of the spec: leads to the chat (route actorChat) or, during a ticket show, to the live-show
 * page; shows the price per minute or the free label; disabled, with the reason, for an offline performer or a
 * banned country.
 */
export function ChatButton({ config, actorName, displayName, explain = false, size = 'small' }: ChatButtonProps) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  const view = chatButtonView(config);
  const link = view.route ? linkTo(view.route, { actorName }) : null;
  const label = t(`actor.chatButton.${view.mode}`, { context: view.hasTicket ? 'ticket' : undefined });
  // The link's name is its visible text with the performer's name after the label (read out, not shown), so
  // what a visitor sees is what speech input can say (WCAG 2.5.3).
  const content = (
    <>
      <span>
        {label}
        {link ? <span className="vv-visually-hidden">: {displayName}</span> : null}
      </span>
      {view.pricePerMinute === null ? null : (
        <Price
          amount={view.pricePerMinute}
          format={formatChatPrice}
          freeLabel={t('chat.free')}
          unit={t('chat.perMinute')}
        />
      )}
    </>
  );
  const notes = [
    view.mode === 'banned' ? t('actor.chatButton.bannedText', { name: displayName }) : null,
    view.mode === 'offline' ? t('actor.chatButton.offlineText', { name: displayName }) : null,
    view.mode === 'ticketShow' && !view.hasTicket ? t('actor.chatButton.ticketText', { name: displayName }) : null,
    view.voucherMinutes > 0 && view.route ? t('actor.chatButton.voucher', { count: view.voucherMinutes }) : null,
    view.livePreview ? t('actor.chatButton.preview') : null,
  ].filter((note): note is string => note !== null);
  const button = link ? (
    <ButtonLink {...link} variant="primary" size={size} block className="mf-chat-button">
      {content}
    </ButtonLink>
  ) : (
    // A disabled link has no element of its own: a non-interactive look-alike with the reason as its label.
    <span
      className={`vv-button vv-button--secondary vv-button--block mf-chat-button${size === 'small' ? ' vv-button--small' : ''}`}
      aria-disabled="true"
      data-chat-mode={view.mode}
    >
      {content}
    </span>
  );
  return (
    <div className="mf-chat-button-box" data-chat-mode={view.mode}>
      {button}
      {explain && notes.length > 0 ? (
        <ul className="mf-chat-button-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {!explain && view.voucherMinutes > 0 && view.route ? (
        <small>{t('actor.chatButton.voucher', { count: view.voucherMinutes })}</small>
      ) : null}
    </div>
  );
}
