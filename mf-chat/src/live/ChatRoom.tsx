import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ONE_CLICK_OFFER_SECONDS, type ChatMessage, type ToyRun } from '@velvet/contracts';
import { useGuest, usePlatform, usePlayerText } from '@velvet/federation';
import { Button, Price } from '@velvet/ui';
import { LivePlayer } from '@velvet/ui/player';
import { formatChatPrice } from '../format';
import { ChatMessages } from './ChatMessages';
import { OneClickOffer } from './OneClickOffer';
import type { RunningChat } from './useLiveChat';
import { formatDuration } from '@velvet/i18n';
import { secondsBetween, useNow } from './useNow';

/**
 * Whether the one-click top-up shows: from the moment the paid seconds left fall to ONE_CLICK_OFFER_SECONDS,
 * for ONE_CLICK_OFFER_SECONDS or until closed; once the coins last longer again (topped up) it can come back.
 */
function useOneClickOffer(low: boolean, now: number) {
  const [offer, setOffer] = useState<{ openedAt: number; closed: boolean } | null>(null);
  // Adjusted while rendering, as the coins fall low or last longer again.
  if (low && offer === null) setOffer({ openedAt: now, closed: false });
  if (!low && offer !== null) setOffer(null);
  const close = useCallback(() => setOffer((current) => current && { ...current, closed: true }), []);
  const open = offer !== null && !offer.closed && now - offer.openedAt < ONE_CLICK_OFFER_SECONDS * 1000;
  return { open, close };
}

/** The latest state of a toy control bought while this chat runs, as the server pushes it. */
function useToyRun(chatId: string): ToyRun | null {
  const platform = usePlatform();
  const [run, setRun] = useState<ToyRun | null>(null);
  useEffect(() => {
    const subscription = platform.bus
      .on('toyControl')
      .subscribe((push) => push.run.chatId === chatId && setRun(push.run));
    return () => subscription.unsubscribe();
  }, [platform, chatId]);
  return run;
}

/**
 * The chat room: the performer's live video, what the chat costs and has cost, the guest's balance, the
 * countdowns (preview, text chat), the state of a toy control running in it, the text messages, the top-up offer
 * and the stop button.
 */
export function ChatRoom({
  chat,
  actorName,
  messages,
  onStop,
}: {
  chat: RunningChat;
  /** The performer's name as shown. */
  actorName: string;
  messages: ChatMessage[];
  onStop: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const playerText = usePlayerText();
  const guest = useGuest();
  const now = useNow();
  const [stopping, setStopping] = useState(false);
  const roomRef = useRef<HTMLElement>(null);
  // The room takes the place of what the guest clicked; bring it into view (a muted video out of view may not play).
  useEffect(() => {
    roomRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const { session } = chat;
  const elapsed = secondsBetween(chat.startedAtMs, now);
  const remaining = chat.endsAtMs === null ? null : Math.max(0, Math.ceil((chat.endsAtMs - now) / 1000));
  const secondsLeft =
    session.secondsLeft === null ? null : Math.max(0, session.secondsLeft - secondsBetween(chat.billingAtMs, now));
  const canCharge = session.abilities.includes('charge') && guest.flags.loggedIn;
  const toyRun = useToyRun(session.chatId);
  const oneClick = useOneClickOffer(canCharge && secondsLeft !== null && secondsLeft <= ONE_CLICK_OFFER_SECONDS, now);

  const stop = async () => {
    // The player goes first, so no playlist request is under way when the server ends the stream with the chat.
    flushSync(() => setStopping(true));
    await onStop();
    setStopping(false);
  };
  return (
    <section
      ref={roomRef}
      className="mf-chat-room"
      aria-label={t('chat.room.label', { name: actorName })}
      data-chat-id={session.chatId}
      data-chat-type={session.chatType}
    >
      <div className="mf-chat-room__video">
        {stopping ? (
          <img src={session.stream.posterUrl} width={640} height={360} alt="" loading="lazy" decoding="async" />
        ) : (
          <LivePlayer url={session.stream.url} posterUrl={session.stream.posterUrl} text={playerText} />
        )}
      </div>
      <div className="mf-chat-room__side">
        <h2>{t(`chat.types.${session.chatType}.title`)}</h2>
        <dl className="mf-chat-facts">
          <dt>{t('chat.room.price')}</dt>
          <dd data-testid="chat-price">
            <Price
              amount={session.pricePerMinute}
              format={formatChatPrice}
              freeLabel={t('chat.free')}
              unit={t('chat.perMinute')}
            />
          </dd>
          <dt>{t('chat.room.elapsed')}</dt>
          <dd data-testid="chat-elapsed">{formatDuration(elapsed)}</dd>
          {session.pricePerMinute > 0 ? (
            <>
              <dt>{t('chat.room.billed')}</dt>
              <dd data-testid="chat-billed">{formatChatPrice(session.billedAmount)}</dd>
              <dt>{t('chat.room.held')}</dt>
              <dd data-testid="chat-held">{formatChatPrice(session.heldAmount)}</dd>
            </>
          ) : null}
          {guest.flags.loggedIn ? (
            <>
              <dt>{t('chat.room.balance')}</dt>
              <dd data-testid="chat-balance">{guest.balance.formatted}</dd>
            </>
          ) : null}
          {secondsLeft !== null ? (
            <>
              <dt>{t('chat.room.secondsLeft')}</dt>
              <dd data-testid="chat-seconds-left">{formatDuration(secondsLeft)}</dd>
            </>
          ) : null}
        </dl>
        {remaining !== null ? (
          <p className="mf-chat-room__countdown" role="timer" aria-live="polite" data-testid="chat-countdown">
            {t(session.chatType === 'LIVE_PREVIEW' ? 'chat.room.previewEnds' : 'chat.room.textChatEnds', {
              count: remaining,
            })}
          </p>
        ) : null}
        {toyRun ? (
          <p className="mf-chat-room__toy" role="status" data-testid="chat-toy" data-state={toyRun.state}>
            {t(`chat.room.toy.${toyRun.state}`, { intensity: toyRun.intensity, seconds: toyRun.duration })}
          </p>
        ) : null}
        {oneClick.open && secondsLeft !== null ? (
          <OneClickOffer secondsLeft={secondsLeft} onClose={oneClick.close} />
        ) : null}
        {session.abilities.includes('text') || messages.length > 0 ? (
          <ChatMessages
            chatId={session.chatId}
            actorName={actorName}
            messages={messages}
            canWrite={session.abilities.includes('text') && guest.flags.loggedIn}
          />
        ) : null}
        <Button variant="secondary" busy={stopping} onClick={() => void stop()}>
          {t(session.chatType === 'LIVE_PREVIEW' ? 'chat.room.stopPreview' : 'chat.room.stop')}
        </Button>
      </div>
    </section>
  );
}
