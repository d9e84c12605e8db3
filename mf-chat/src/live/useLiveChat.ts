import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_CURRENCY,
  chatSessionEndpoints,
  type ChatEnd,
  type ChatMessage,
  type ChatSession,
  type ChatType,
} from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { startChat } from './chatStart';
import { endedForAgeCheck, startErrorCode, type StartErrorCode } from './reasons';

/** A running chat as the room shows it: the server's session plus where its clock stands in this browser. */
export interface RunningChat {
  session: ChatSession;
  /** Local time (ms) the chat started: the server's start moved onto this browser's clock. */
  startedAtMs: number;
  /** Local time it ends by itself (preview, text countdown), else null. */
  endsAtMs: number | null;
  /** Local time the billing figures (secondsLeft) were last told. */
  billingAtMs: number;
}

export type LiveChatState =
  | { status: 'checking' }
  | { status: 'idle'; error: StartErrorCode | null; otherChat: ChatSession | null }
  | { status: 'starting'; chatType: ChatType }
  | { status: 'running'; chat: RunningChat }
  | { status: 'ended'; end: ChatEnd };

/**
 * A just started chat began about now on the server; its start moved onto the local clock keeps the running
 * time and countdowns right when the two clocks differ. A resumed chat can only trust the server's dates.
 */
export function runningChat(session: ChatSession, justStarted: boolean, now = Date.now()): RunningChat {
  const serverStart = Date.parse(session.startedAt);
  const startedAtMs = justStarted ? now : serverStart;
  const endsAtMs = session.endsAt === null ? null : startedAtMs + (Date.parse(session.endsAt) - serverStart);
  return { session, startedAtMs, endsAtMs, billingAtMs: now };
}

/**
 * One guest's live chat with one performer: resumes a running chat (GET /chat/active), starts one with the
 * spec's retry rule, follows the socket (messages, billing, end) and stops it. Every end sends the purchase
 * analytics event once.
 */
export function useLiveChat(actorId: number) {
  const { api, bus, ui, telemetry } = usePlatform();
  const loggedIn = useLoggedIn();
  const [state, setState] = useState<LiveChatState>({ status: 'checking' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const tracked = useRef(new Set<string>());
  const chatId = state.status === 'running' ? state.chat.session.chatId : null;

  const finish = useCallback(
    (end: ChatEnd) => {
      setState((current) =>
        current.status === 'running' && current.chat.session.chatId === end.chatId ? { status: 'ended', end } : current,
      );
      if (tracked.current.has(end.chatId)) return;
      tracked.current.add(end.chatId);
      if (endedForAgeCheck(end.exitCode)) ui.open('ageCheck');
      telemetry.track({
        context: 'purchase',
        action: 'chatEnd',
        data: {
          category: end.category,
          chatId: end.chatId,
          chatType: end.chatType,
          actorId: end.actorId,
          durationSeconds: end.durationSeconds,
          value: end.billedAmount,
          currency: CHAT_CURRENCY,
          exitCode: end.exitCode,
        },
      });
    },
    [telemetry, ui],
  );

  /** Asks the server for the guest's running chat: this performer's is resumed, another's is pointed to. */
  const resume = useCallback(
    () =>
      api.rest(chatSessionEndpoints.active).then(
        (active) => {
          if (active.chat && active.chat.actorId === actorId) {
            setMessages(active.messages);
            setState({ status: 'running', chat: runningChat(active.chat, false) });
          } else {
            setState({ status: 'idle', error: null, otherChat: active.chat });
          }
        },
        // Without an answer the guest can still start; the server refuses a second chat with CHAT_IN_PROGRESS.
        () => setState({ status: 'idle', error: null, otherChat: null }),
      ),
    [api, actorId],
  );

  useEffect(() => {
    void resume();
  }, [resume]);

  const start = useCallback(
    async (chatType: ChatType) => {
      if (!loggedIn && chatType !== 'LIVE_PREVIEW') {
        ui.open('login');
        setState({ status: 'idle', error: 'LOGIN_REQUIRED', otherChat: null });
        return;
      }
      setState({ status: 'starting', chatType });
      try {
        const session = await startChat(api, actorId, chatType);
        setMessages([]);
        setState({ status: 'running', chat: runningChat(session, true) });
      } catch (error) {
        const code = startErrorCode(error);
        if (code === 'BALANCE_TOO_LOW') ui.open('moneyCharge');
        if (code === 'LOGIN_REQUIRED') ui.open('login');
        if (code === 'AGE_CHECK_REQUIRED') ui.open('ageCheck');
        setState({ status: 'idle', error: code, otherChat: null });
      }
    },
    [api, ui, loggedIn, actorId],
  );

  const stop = useCallback(async () => {
    if (!chatId) return;
    try {
      finish(await api.rest(chatSessionEndpoints.stop, { body: { chatId } }));
    } catch {
      // The chat may have ended meanwhile: its chatEnd push ends the room; otherwise ask what is running.
      void resume();
    }
  }, [api, chatId, finish, resume]);

  const again = useCallback(() => setState({ status: 'idle', error: null, otherChat: null }), []);

  const updateSession = useCallback(
    (change: Partial<ChatSession>) =>
      setState((current) =>
        current.status === 'running'
          ? {
              status: 'running',
              chat: { ...current.chat, session: { ...current.chat.session, ...change }, billingAtMs: Date.now() },
            }
          : current,
      ),
    [],
  );

  useEffect(() => {
    if (!chatId) return;
    const subscriptions = [
      bus.on('chatMessage').subscribe(({ type: _type, ...message }) => {
        if (message.chatId === chatId) setMessages((list) => [...list, message]);
      }),
      bus.on('chatState').subscribe(({ type: _type, chatId: pushed, ...billing }) => {
        if (pushed === chatId) updateSession(billing);
      }),
      bus.on('chatEnd').subscribe(({ type: _type, ...end }) => {
        if (end.chatId === chatId) finish(end);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bus, chatId, finish, updateSession]);

  return { state, messages, start, stop, again, resume };
}
