import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import * as ws from 'ws';
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_PONG_MISSING,
  CLOSE_RATE_LIMITED,
  CLOSE_SERVICE_RESTART,
  DEFAULT_LANGUAGE,
  PING_INTERVAL_MS,
  checkIncoming,
  mayAnonymousSend,
  parseOutgoing,
  type IncomingMessage,
  type Language,
  type OutgoingMessage,
  type OutgoingType,
} from '@velvet/contracts';
import type { Auth, SocketClient, SocketHub } from '../modules/module';
import type { Bus } from '../cluster/bus';
import { GuestPresence } from '../cluster/presence';

type Handler = (message: OutgoingMessage, client: SocketClient) => void | Promise<void>;
type SessionHandler = (client: SocketClient) => void | Promise<void>;

/** A client that sent nothing (not even a ping) for this long is gone. */
const IDLE_LIMIT_MS = PING_INTERVAL_MS * 2.5;

/**
 * Bytes a socket may have waiting in the server's memory (not yet taken by the kernel) before the hub gives up on
 * it: a client that stopped reading is closed rather than let its backlog grow with every broadcast. It reconnects
 * and starts a fresh session, as after any lost connection.
 */
export const SEND_BUFFER_LIMIT = 256 * 1024;

/**
 * Messages one socket may send: a token bucket holding MESSAGE_BURST, refilled at MESSAGES_PER_SECOND. A page
 * sends a handful at start (session, lists, favourites) and then about one a second at most while its guest
 * types or pages; a socket beyond it is closed with CLOSE_RATE_LIMITED, so one client cannot keep the server's
 * single thread busy with database work (2,000 queued loadChannels stalled every other request for a second).
 */
export const MESSAGE_BURST = 20;
export const MESSAGES_PER_SECOND = 10;

/** ws's public frame builder (`WebSocket.Sender.frame`); @types/ws does not declare it. */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};
const TEXT = { fin: true, opcode: 0x1, mask: false, readOnly: false, rsv1: false };

/** What the hub tells every process: a push to everyone (`to` null) or one guest, or a guest's sessions to end. */
type SocketNews =
  { kind: 'push'; to: string | null; message: IncomingMessage } | { kind: 'end'; guestId: string; sid?: string };
const SOCKET_TOPIC = 'socket';

/** A message encoded once for any number of sockets: its UTF-8 JSON, and the whole text frame around it. */
interface Encoded {
  payload: Buffer;
  frame: Buffer;
}
function encode(message: IncomingMessage): Encoded {
  const payload = Buffer.from(JSON.stringify(message));
  return { payload, frame: Buffer.concat(Sender.frame(payload, TEXT)) };
}

/** One open socket. Kept deliberately small: the hub is meant to hold tens of thousands of them. */
class Connection implements SocketClient {
  auth: Auth | null = null;
  language: Language = DEFAULT_LANGUAGE;
  lastSeen: number;
  /** Messages it may still send now (the token bucket, refilled when a message arrives). */
  private allowance = MESSAGE_BURST;
  rateLimited = false;
  /**
   * The TCP stream under the socket, when frames may be written to it directly: ws writes its own frames to it at
   * once (it holds frames back only while compressing, and no extension is negotiated), so a ready-made frame
   * written here keeps its place among them. A server frame is not masked, so one frame serves every socket.
   */
  private readonly stream: Duplex | null;

  constructor(
    readonly socket: WebSocket,
    stream: Duplex | undefined,
    private readonly hub: Hub,
    now: number,
    readonly visitor: string | null,
  ) {
    this.stream = stream && socket.extensions === '' ? stream : null;
    this.lastSeen = now;
  }

  send(message: IncomingMessage): void {
    this.write(encode(message));
  }

  /** Counts one message arriving at `now` against the bucket (refilled since the last one): whether it may. */
  admit(now: number): boolean {
    const elapsedSeconds = Math.max(0, now - this.lastSeen) / 1000;
    this.allowance = Math.min(MESSAGE_BURST, this.allowance + elapsedSeconds * MESSAGES_PER_SECOND) - 1;
    this.lastSeen = now;
    return this.allowance >= 0;
  }

  write(message: Encoded): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > SEND_BUFFER_LIMIT) return this.hub.tooSlow(this);
    if (this.stream?.writable) this.stream.write(message.frame);
    else this.socket.send(message.payload, { binary: false });
  }
}

/**
 * The server side of the socket protocol: requestSession → ackSession, ping → pong, every frame validated against the
 * contracts (anything unknown or malformed is logged and dropped), and fan-out to everyone or to one guest.
 */
export class Hub implements SocketHub {
  private readonly connections = new Set<Connection>();
  private readonly byGuest = new Map<string, Set<Connection>>();
  private readonly handlers = new Map<OutgoingType, Handler[]>();
  private readonly sessionHandlers: SessionHandler[] = [];
  private readonly goneHandlers: ((guestId: string) => void)[] = [];
  private readonly sweeper: NodeJS.Timeout;
  private readonly presence: GuestPresence;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly verifyToken: (token: string) => Auth | null,
    /** The server's clock in ms (message rate and idle sockets). */
    private readonly now: () => number,
    /** Carries pushes and ended sessions to every process, whichever holds the guest's sockets. */
    private readonly bus: Bus,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), PING_INTERVAL_MS).unref();
    this.presence = new GuestPresence(bus, () => this.byGuest.keys(), now, log);
    bus.subscribe<SocketNews>(SOCKET_TOPIC, (news) => {
      if (news.kind === 'end') this.endLocalSessions(news.guestId, news.sid);
      else if (news.to === null) this.broadcastHere(news.message);
      else this.sendHere(news.to, news.message);
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  broadcast(message: IncomingMessage): void {
    const checked = this.checked(message);
    if (checked) this.bus.publish(SOCKET_TOPIC, { kind: 'push', to: null, message: checked } satisfies SocketNews);
  }

  sendToGuest(guestId: string, message: IncomingMessage): void {
    const checked = this.checked(message);
    if (checked) this.bus.publish(SOCKET_TOPIC, { kind: 'push', to: guestId, message: checked } satisfies SocketNews);
  }

  /**
   * A push as its contract reads it, or null (logged as the server's error) when it breaks it: pushes are checked
   * once here, where they are made, and browsers trust a frame of a known type.
   */
  private checked(message: IncomingMessage): IncomingMessage | null {
    const checked = checkIncoming(message);
    if (!checked) this.log.error({ type: message.type }, 'a push that breaks its contract was not sent');
    return checked;
  }

  isGuestConnected(guestId: string): boolean {
    return this.byGuest.has(guestId);
  }

  async isGuestConnectedAnywhere(guestId: string): Promise<boolean> {
    return this.byGuest.has(guestId) || (await this.presence.elsewhere(guestId));
  }

  endSessions(guestId: string, sid?: string): void {
    this.bus.publish(SOCKET_TOPIC, {
      kind: 'end',
      guestId,
      ...(sid === undefined ? {} : { sid }),
    } satisfies SocketNews);
  }

  /** Encodes and frames the message once, then hands the same bytes to every socket of this process with a session. */
  private broadcastHere(message: IncomingMessage): void {
    const encoded = encode(message);
    for (const connection of this.connections) if (connection.auth) connection.write(encoded);
  }

  private sendHere(guestId: string, message: IncomingMessage): void {
    const connections = this.byGuest.get(guestId);
    if (!connections) return;
    const encoded = encode(message);
    for (const connection of connections) connection.write(encoded);
  }

  private endLocalSessions(guestId: string, sid: string | undefined): void {
    for (const connection of [...(this.byGuest.get(guestId) ?? [])]) {
      if (sid !== undefined && connection.auth?.sid !== sid) continue;
      connection.send({ type: 'sessionExpired' });
      this.unindex(connection);
      connection.auth = null;
      connection.socket.close(1000, 'session ended');
    }
  }

  on<T extends OutgoingType>(
    type: T,
    handler: (message: OutgoingMessage<T>, client: SocketClient) => void | Promise<void>,
  ): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as Handler);
    this.handlers.set(type, list);
  }

  onSession(handler: SessionHandler): void {
    this.sessionHandlers.push(handler);
  }

  onGuestGone(handler: (guestId: string) => void): void {
    this.goneHandlers.push(handler);
  }

  /**
   * Takes over a freshly upgraded socket; `stream` is the upgraded request's TCP socket (`request.raw.socket`),
   * `visitor` the visitor id its cookie named.
   */
  attach(socket: WebSocket, stream?: Duplex, visitor: string | null = null): void {
    const connection = new Connection(socket, stream, this, this.now(), visitor);
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      if (connection.rateLimited) return;
      if (!connection.admit(this.now())) return this.closeRateLimited(connection);
      if (isBinary) return this.drop(connection, 'binary frame');
      void this.receive(connection, rawText(data));
    });
    socket.on('close', () => this.detach(connection));
    socket.on('error', (error) => this.log.debug({ err: error }, 'socket error'));
  }

  /**
   * Closes every socket (server shutdown): its clients reconnect at once, through the balancer to another process,
   * which notes them there; this one takes its notes back.
   */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const connection of this.connections) connection.socket.close(CLOSE_SERVICE_RESTART, 'server restarting');
    await this.presence.close();
  }

  /** A socket whose unsent backlog passed SEND_BUFFER_LIMIT: dropped so that it cannot hold the server's memory. */
  tooSlow(connection: Connection): void {
    this.log.warn(
      { guestId: connection.auth?.guestId, buffered: connection.socket.bufferedAmount },
      'socket not reading: closed',
    );
    connection.socket.terminate();
  }

  /** Closes a socket over its message rate; logged once, and nothing it still sends is read. */
  private closeRateLimited(connection: Connection): void {
    connection.rateLimited = true;
    this.log.warn({ guestId: connection.auth?.guestId }, 'socket over its message rate: closed');
    connection.socket.close(CLOSE_RATE_LIMITED, 'rate limited');
  }

  private async receive(connection: Connection, raw: string): Promise<void> {
    const message = parseOutgoing(raw);
    if (!message) return this.drop(connection, 'unknown or malformed message');
    try {
      if (message.type === 'requestSession') {
        connection.language = message.language;
        return await this.startSession(connection, message.accessToken);
      }
      if (message.type === 'ping') return connection.send({ type: 'pong', ttl: PING_INTERVAL_MS });
      if (!connection.auth) return this.drop(connection, `${message.type} before requestSession`);
      if (!connection.auth.loggedIn && !mayAnonymousSend(message.type)) {
        return this.drop(connection, `${message.type} needs a logged-in guest`);
      }
      for (const handler of this.handlers.get(message.type) ?? []) await handler(message, connection);
    } catch (error) {
      this.log.error({ err: error, type: message.type }, 'socket handler failed');
    }
  }

  private async startSession(connection: Connection, token: string | undefined): Promise<void> {
    const auth = token ? this.verifyToken(token) : null;
    if (!auth) return connection.send({ type: 'sessionExpired' });
    if (connection.auth) this.unindex(connection);
    connection.auth = auth;
    let guestConnections = this.byGuest.get(auth.guestId);
    if (!guestConnections) {
      this.byGuest.set(auth.guestId, (guestConnections = new Set()));
      this.presence.arrived(auth.guestId);
    }
    guestConnections.add(connection);
    connection.send({ type: 'ackSession', guestId: auth.guestId, loggedIn: auth.loggedIn });
    for (const handler of this.sessionHandlers) await handler(connection);
  }

  private drop(connection: Connection, reason: string): void {
    this.log.debug({ guestId: connection.auth?.guestId, reason }, 'socket message dropped');
  }

  private detach(connection: Connection): void {
    this.connections.delete(connection);
    this.unindex(connection);
  }

  private unindex(connection: Connection): void {
    if (!connection.auth) return;
    const guestConnections = this.byGuest.get(connection.auth.guestId);
    guestConnections?.delete(connection);
    if (guestConnections?.size !== 0) return;
    this.byGuest.delete(connection.auth.guestId);
    this.presence.left(connection.auth.guestId);
    for (const handler of this.goneHandlers) handler(connection.auth.guestId);
  }

  private closeIdle(): void {
    const limit = this.now() - IDLE_LIMIT_MS;
    for (const connection of this.connections) {
      if (connection.lastSeen < limit) connection.socket.close(CLOSE_PONG_MISSING, 'no ping');
    }
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
}
