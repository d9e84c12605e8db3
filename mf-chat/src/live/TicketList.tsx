import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TICKET_ERROR_CODES,
  buyChatTicketMutation,
  removeChatTicketMutation,
  type ChatTicket,
  type Language,
  type LocalizedText,
  type TicketErrorCode,
  type TicketMutationResult,
} from '@velvet/contracts';
import { useLanguage, useLoggedIn, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { Button, Price } from '@velvet/ui';
import { formatChatPrice } from '../format';
import './live.css';

/** A text in the visitor's language, else English, else the first there is. */
export function localized(texts: LocalizedText[], language: Language): string {
  return (
    texts.find((text) => text.language === language)?.value ??
    texts.find((text) => text.language === 'en')?.value ??
    texts[0]?.value ??
    ''
  );
}

const knownError = (code: string | null): TicketErrorCode | 'FAILED' =>
  (TICKET_ERROR_CODES as readonly (string | null)[]).includes(code) ? (code as TicketErrorCode) : 'FAILED';

/**
 * One ticket or cam show: when, what, the price and seats, and what the guest can do (buy with creation type C,
 * give back before the start). A refusal says why; too little money opens the money charge.
 */
function TicketItem<T extends ChatTicket>({
  ticket,
  onChange,
  extra,
}: {
  ticket: T;
  onChange: (ticket: T) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const loggedIn = useLoggedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TicketErrorCode | 'FAILED' | null>(null);

  /** Runs a mutation; on success the answer's ticket, or `assumed` when it sends none, replaces the shown one. */
  const run = async (mutate: () => Promise<TicketMutationResult>, assumed: Partial<ChatTicket>) => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    setError(null);
    try {
      const result = await mutate();
      if (result.success) {
        onChange({ ...ticket, ...(result.ticket ?? assumed) });
      } else {
        const code = knownError(result.errorCode);
        setError(code);
        if (code === 'INSUFFICIENT_FUNDS') ui.open('moneyCharge');
        if (code === 'LOGIN_REQUIRED') ui.open('login');
      }
    } catch {
      setError('FAILED');
    } finally {
      setBusy(false);
    }
  };
  const buy = () =>
    run(
      async () =>
        (await api.query(buyChatTicketMutation, { id: ticket.id, creationType: 'C', modelId: ticket.actorId }))
          .buyChatTicket,
      { isBought: true },
    );
  const remove = () =>
    run(async () => (await api.query(removeChatTicketMutation, { id: ticket.id })).removeChatTicket, {
      isBought: false,
    });

  const when = `${formatDate(ticket.start, language, { dateStyle: 'medium', timeStyle: 'short', timeZone })} – ${formatDate(
    ticket.end,
    language,
    { timeStyle: 'short', timeZone },
  )}`;
  const postBuyInfo = localized(ticket.postBuyInfo, language);
  return (
    <li className="mf-chat-ticket" data-ticket-id={ticket.id} data-bought={ticket.isBought}>
      {extra}
      <h3>{localized(ticket.title, language) || t('shows.untitled')}</h3>
      <p>
        <time dateTime={ticket.start}>{when}</time>
        {ticket.hasStarted ? <strong> · {t('shows.live')}</strong> : null}
      </p>
      <p>{localized(ticket.description, language)}</p>
      <p>
        <Price amount={ticket.isFree ? 0 : ticket.price.value} format={formatChatPrice} freeLabel={t('chat.free')} /> ·{' '}
        {t('shows.seatsLeft', { count: ticket.seatsLeft })}
      </p>
      {ticket.isBought ? (
        <>
          <p className="mf-chat-ticket__owned">{t('shows.owned')}</p>
          {postBuyInfo ? <p>{postBuyInfo}</p> : null}
          {ticket.hasStarted ? null : (
            <Button variant="secondary" busy={busy} onClick={() => void remove()}>
              {t('shows.remove')}
            </Button>
          )}
        </>
      ) : ticket.canBuy ? (
        <Button busy={busy} onClick={() => void buy()}>
          {t('shows.buy')}
        </Button>
      ) : (
        <p>{t(ticket.seatsLeft === 0 ? 'shows.soldOut' : 'shows.notForSale')}</p>
      )}
      {error ? (
        <p role="alert" className="mf-chat-notice mf-chat-notice--error">
          {t(`shows.ticketError.${error}`)}
        </p>
      ) : null}
    </li>
  );
}

/** A list of tickets or cam shows; `extra` adds per-item content (the performer on the cam shows page). */
export function TicketList<T extends ChatTicket>({
  label,
  tickets,
  onChange,
  extra,
}: {
  label: string;
  tickets: T[];
  onChange: (ticket: T) => void;
  extra?: (ticket: T) => ReactNode;
}) {
  return (
    <ul className="mf-chat-tickets" aria-label={label}>
      {tickets.map((ticket) => (
        <TicketItem key={ticket.id} ticket={ticket} onChange={onChange} extra={extra?.(ticket)} />
      ))}
    </ul>
  );
}
