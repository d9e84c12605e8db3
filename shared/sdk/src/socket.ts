import { BehaviorSubject, Subject, filter, type Observable } from 'rxjs';
import {
  CLOSE_PONG_MISSING,
  CLOSE_PROTOCOL_ERROR,
  CLOSE_SERVICE_RESTART,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  INCOMING_MESSAGE_TYPES,
  mayAnonymousSend,
  type IncomingMessage,
  type IncomingType,
  type Language,
  type OutgoingPayload,
  type WebsocketConnectionError,
} from '@velvet/contracts';

const KNOWN_TYPES = new Set<string>(INCOMING_MESSAGE_TYPES);

/**
 * A frame from the server as a message: JSON naming a type the contracts know, or null. Its shape is not parsed
 * again here: the server checked the push against its contract before sending it, as it checks REST answers.
 */
function readFrame(raw: string): IncomingMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    return typeof type === 'string' && KNOWN_TYPES.has(type) ? (value as IncomingMessage) : null;
  } catch {
    return null;
  }
}

/** The socket's view of the session: who is talking, and whether guest-only messages may go out. */
export interface SocketSession {
  accessToken: string;
  guestId: string;
  loggedIn: boolean;
}

/** The part of the WebSocket interface the client uses: the browser's, or `ws` in Node. */
interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketConstructor = new (url: string) => SocketLike;

export interface SocketClientOptions {
  url: string;
  getSession: () => SocketSession | null;
  language: () => Language;
  /** Connection errors: closes, missing pongs, malformed frames. The shell posts them to logger/websocketConnectionError. */
  log: (error: WebsocketConnectionError) => void;
  WebSocket?: SocketConstructor;
  /** Upper bound of the reconnect backoff. */
  maxReconnectDelayMs?: number;
  /** Source of jitter in [0, 1). */
  random?: () => number;
}

export interface SocketClient {
  /** Every valid incoming message. */
  readonly messages$: Observable<IncomingMessage>;
  on<T extends IncomingType>(type: T): Observable<IncomingMessage<T>>;
  /**
   * Sends now when the session is acknowledged, else queues until then. A message an anonymous session may not send
   * (mayAnonymousSend) is refused while the session is not a logged-in guest's: neither sent nor queued, and the
   * answer is false, so the caller can show the login flow.
   */
  send(message: OutgoingPayload): boolean;
  readonly ready$: Observable<boolean>;
  connect(): void;
  /** Drops the connection and opens a new session, e.g. after login or logout. */
  restart(): void;
  close(): void;
}

const OPEN = 1;

/**
 * The one WebSocket of the site: connect, open, requestSession, wait for ackSession, then flush
 * the queue. Pings every 50 s; a ping still unanswered when the next is due is a missing pong (4000): logged, and
 * the connection is replaced. On close it reconnects after 1 s, then with exponential backoff and jitter, except
 * after a protocol error (1002) on the first attempt, and at once after a server process's restart (1012). Frames failing their schema are logged and dropped.
 */
export function createSocketClient(options: SocketClientOptions): SocketClient {
  const WebSocketImpl = options.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor);
  const maxDelay = options.maxReconnectDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  const messages$ = new Subject<IncomingMessage>();
  const ready$ = new BehaviorSubject(false);
  let queue: OutgoingPayload[] = [];
  let socket: SocketLike | null = null;
  let attempts = 0;
  /** Reconnects since the last acknowledged session: drives the backoff. */
  let failures = 0;
  let stopped = true;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let awaitingPong = false;

  const write = (payload: OutgoingPayload) => {
    const session = options.getSession();
    socket?.send(JSON.stringify({ ...payload, accessToken: session?.accessToken, guestId: session?.guestId }));
  };

  const flush = () => {
    const pending = queue;
    queue = [];
    pending.forEach(write);
  };

  const stopPing = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
    awaitingPong = false;
  };

  const startPing = (current: SocketLike) => {
    stopPing();
    pingTimer = setInterval(() => {
      if (awaitingPong) {
        options.log({ errorCode: CLOSE_PONG_MISSING, type: 'pongMissing', reason: 'pong missing' });
        current.close(CLOSE_PONG_MISSING, 'pong missing');
        return;
      }
      awaitingPong = true;
      write({ type: 'ping' });
    }, PING_INTERVAL_MS);
  };

  const reconnectDelay = () => {
    if (failures === 0) return RECONNECT_DELAY_MS;
    const ceiling = Math.min(maxDelay, RECONNECT_DELAY_MS * 2 ** failures);
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  };

  const open = () => {
    attempts += 1;
    const attempt = attempts;
    const current = new WebSocketImpl(options.url);
    socket = current;
    current.onopen = () => {
      const session = options.getSession();
      current.send(
        JSON.stringify({
          type: 'requestSession',
          language: options.language(),
          accessToken: session?.accessToken,
          guestId: session?.guestId,
        }),
      );
      startPing(current);
    };
    current.onmessage = (event) => {
      const raw = typeof event.data === 'string' ? event.data : String(event.data);
      const message = readFrame(raw);
      if (!message) {
        options.log({ errorCode: 1007, type: 'malformedMessage', reason: raw.slice(0, 200) });
        return;
      }
      if (message.type === 'pong') awaitingPong = false;
      if (message.type === 'ackSession') {
        failures = 0;
        ready$.next(true);
        flush();
      }
      messages$.next(message);
    };
    current.onerror = () => undefined; // a close follows every error; it is handled there
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      stopPing();
      ready$.next(false);
      options.log({ errorCode: event.code, type: 'connectionClosed', reason: event.reason ?? '' });
      if (stopped) return;
      if (event.code === CLOSE_PROTOCOL_ERROR && attempt === 1) return;
      // A server process that stops sends its sockets away at once: another one takes them now.
      if (event.code === CLOSE_SERVICE_RESTART) return open();
      const delay = reconnectDelay();
      failures += 1;
      reconnectTimer = setTimeout(open, delay);
    };
  };

  const drop = () => {
    clearTimeout(reconnectTimer);
    stopPing();
    const current = socket;
    socket = null;
    ready$.next(false);
    if (current && current.readyState <= OPEN) current.close(1000, 'client closed');
  };

  return {
    messages$: messages$.asObservable(),
    on: <T extends IncomingType>(type: T) =>
      messages$.pipe(filter((message): message is IncomingMessage<T> => message.type === type)),
    send(message) {
      if (!mayAnonymousSend(message.type) && !options.getSession()?.loggedIn) return false;
      if (ready$.value && socket?.readyState === OPEN) write(message);
      else queue.push(message);
      return true;
    },
    ready$: ready$.asObservable(),
    connect() {
      if (!stopped) return;
      stopped = false;
      open();
    },
    restart() {
      drop();
      failures = 0;
      if (!stopped) open();
    },
    close() {
      stopped = true;
      drop();
    },
  };
}
