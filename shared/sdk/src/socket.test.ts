import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import {
  PING_INTERVAL_MS,
  loggerEndpoints,
  mayAnonymousSend,
  outgoingMessages,
  type IncomingMessage,
  type OutgoingPayload,
  type OutgoingType,
  type WebsocketConnectionError,
} from '@velvet/contracts';
import { createSocketClient, type SocketConstructor, type SocketSession } from './socket';
import { createRestClient } from './rest';
import { startHttpServer } from './testServer';

/** A real ws server that records what each connection receives and lets the test answer. */
async function startSocketServer() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: { socket: ServerSocket; received: Record<string, unknown>[] }[] = [];
  wss.on('connection', (socket) => {
    const connection = { socket, received: [] as Record<string, unknown>[] };
    connections.push(connection);
    socket.on('message', (data) => connection.received.push(JSON.parse(String(data)) as Record<string, unknown>));
  });
  /** Resolves once the condition holds, checked after each turn of the event loop (works under fake timers). */
  const until = async (condition: () => boolean) => {
    for (let turns = 0; !condition(); turns += 1) {
      if (turns > 50_000) throw new Error('condition never held');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`,
    connections,
    until,
    close: () =>
      new Promise<void>((resolve) => {
        wss.clients.forEach((client) => client.terminate());
        wss.close(() => resolve());
      }),
  };
}

const anonymous: SocketSession = { accessToken: 'anon-token', guestId: 'g-anon', loggedIn: false };
const loggedIn: SocketSession = { accessToken: 'guest-token', guestId: 'g-1', loggedIn: true };
const ack = (socket: ServerSocket, guestId = 'g-1') =>
  socket.send(JSON.stringify({ type: 'ackSession', guestId, loggedIn: true }));
const flushIo = () => new Promise((resolve) => setImmediate(resolve));
/**
 * A ping the client answers: once its pong is back, everything the client sent before it has arrived (one ordered
 * connection), so a message missing then was not sent.
 */
const roundTrip = (socket: ServerSocket) => new Promise<void>((resolve) => socket.once('pong', () => resolve()).ping());

describe('createSocketClient against a real ws server', () => {
  let server: Awaited<ReturnType<typeof startSocketServer>>;
  let logs: WebsocketConnectionError[];
  let session: SocketSession | null;
  const clients: { close(): void }[] = [];

  const client = (overrides: Partial<Parameters<typeof createSocketClient>[0]> = {}) => {
    const socket = createSocketClient({
      url: server.url,
      getSession: () => session,
      language: () => 'nl',
      log: (entry) => logs.push(entry),
      WebSocket: WebSocket as unknown as SocketConstructor,
      ...overrides,
    });
    clients.push(socket);
    return socket;
  };

  beforeEach(async () => {
    server = await startSocketServer();
    logs = [];
    session = loggedIn;
  });
  afterEach(async () => {
    clients.splice(0).forEach((c) => c.close());
    jest.useRealTimers();
    await server.close();
  });

  it('requests a session on open and flushes queued messages only after ackSession, in order', async () => {
    const socket = client();
    socket.send({ type: 'favoriteRequestActors' });
    socket.send({ type: 'requestNavbarNotifications', newest: 5 });
    socket.connect();
    await server.until(() => server.connections[0]?.received.length === 1);
    const connection = server.connections[0]!;
    expect(connection.received[0]).toEqual({
      type: 'requestSession',
      language: 'nl',
      accessToken: 'guest-token',
      guestId: 'g-1',
    });
    await roundTrip(connection.socket);
    expect(connection.received).toHaveLength(1);

    const ready: boolean[] = [];
    socket.ready$.subscribe((value) => ready.push(value));
    ack(connection.socket);
    await server.until(() => connection.received.length === 3);
    expect(connection.received.slice(1)).toEqual([
      { type: 'favoriteRequestActors', accessToken: 'guest-token', guestId: 'g-1' },
      { type: 'requestNavbarNotifications', newest: 5, accessToken: 'guest-token', guestId: 'g-1' },
    ]);
    expect(ready).toEqual([false, true]);

    socket.send({ type: 'favoritePinActor', actorId: 7 });
    await server.until(() => connection.received.length === 4);
    expect(connection.received[3]).toMatchObject({ type: 'favoritePinActor', actorId: 7 });
  });

  it('delivers messages typed by type, and logs and drops frames that are no JSON message or of an unknown type', async () => {
    const socket = client();
    const online: IncomingMessage<'actorOnline'>[] = [];
    const all: IncomingMessage[] = [];
    socket.on('actorOnline').subscribe((m) => online.push(m));
    socket.messages$.subscribe((m) => all.push(m));
    socket.connect();
    await server.until(() => server.connections.length === 1);
    const { socket: peer } = server.connections[0]!;
    peer.send('{not json');
    peer.send(JSON.stringify([{ type: 'actorOnline', actorId: 7, actorName: 'anna' }]));
    peer.send(JSON.stringify({ type: 'somethingNew' }));
    peer.send(JSON.stringify({ type: 'actorOnline', actorId: 7, actorName: 'anna' }));
    // The valid message came last: once it is delivered, the ones before it were handled.
    await server.until(() => all.length === 1);
    expect(online).toEqual([{ type: 'actorOnline', actorId: 7, actorName: 'anna' }]);
    expect(all).toHaveLength(1);
    expect(logs.map((l) => [l.type, l.errorCode])).toEqual([
      ['malformedMessage', 1007],
      ['malformedMessage', 1007],
      ['malformedMessage', 1007],
    ]);
  });

  it('refuses for an anonymous session every message but those the contracts open to it, and says so', async () => {
    session = anonymous;
    const socket = client();
    let ready = false;
    socket.ready$.subscribe((value) => (ready = value));
    socket.connect();
    await server.until(() => server.connections[0]?.received.length === 1);
    const connection = server.connections[0]!;
    ack(connection.socket, 'g-anon');
    await server.until(() => ready);
    const guestOnly = (Object.keys(outgoingMessages) as OutgoingType[]).filter((type) => !mayAnonymousSend(type));
    expect(guestOnly).toEqual(expect.arrayContaining(['sendMessage', 'loadChannels', 'requestNavbarNotifications']));
    for (const type of guestOnly) expect(socket.send({ type } as OutgoingPayload)).toBe(false);
    expect(socket.send({ type: 'ping' })).toBe(true);
    await server.until(() => connection.received.length === 2);
    await roundTrip(connection.socket);
    expect(connection.received.map((m) => m['type'])).toEqual(['requestSession', 'ping']);

    // The same message goes out once the session is a logged-in guest's.
    session = loggedIn;
    const text = { type: 'sendMessage', channelId: 1, messageType: 'text', senderType: 'guest', data: { text: 'hi' } };
    expect(socket.send(text as OutgoingPayload)).toBe(true);
    await server.until(() => connection.received.length === 3);
    expect(connection.received[2]).toMatchObject({ type: 'sendMessage', accessToken: 'guest-token' });
  });

  it('reconnects 1 s after a close, then backs off exponentially with jitter', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const socket = client({ random: () => 1 });
    socket.connect();
    await server.until(() => server.connections[0]?.received.length === 1);

    server.connections[0]!.socket.close(1011, 'server restart');
    await server.until(() => logs.length === 1);
    expect(logs[0]).toEqual({ errorCode: 1011, type: 'connectionClosed', reason: 'server restart' });
    jest.advanceTimersByTime(999);
    await flushIo();
    expect(server.connections).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await server.until(() => server.connections[1]?.received.length === 1);

    // second consecutive failure: 2 s (1 s doubled, jitter at its top)
    server.connections[1]!.socket.close(1011, 'again');
    await server.until(() => logs.length === 2);
    jest.advanceTimersByTime(1999);
    await flushIo();
    expect(server.connections).toHaveLength(2);
    jest.advanceTimersByTime(1);
    await server.until(() => server.connections[2]?.received.length === 1);

    // an acknowledged session resets the backoff to 1 s
    let ready = false;
    socket.ready$.subscribe((value) => (ready = value));
    ack(server.connections[2]!.socket);
    await server.until(() => ready);
    server.connections[2]!.socket.close(1011, 'third');
    await server.until(() => logs.length === 3);
    jest.advanceTimersByTime(1000);
    await server.until(() => server.connections.length === 4);
  });

  it('reconnects at once when a server process restarts (1012), without backing off', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const socket = client({ random: () => 1 });
    socket.connect();
    await server.until(() => server.connections[0]?.received.length === 1);

    server.connections[0]!.socket.close(1012, 'server restarting');
    await server.until(() => server.connections[1]?.received.length === 1);
    expect(logs[0]).toEqual({ errorCode: 1012, type: 'connectionClosed', reason: 'server restarting' });
    // a restart is no failure: a lost connection afterwards still waits the first 1 s
    server.connections[1]!.socket.close(1011, 'lost');
    await server.until(() => logs.length === 2);
    jest.advanceTimersByTime(999);
    await flushIo();
    expect(server.connections).toHaveLength(2);
    jest.advanceTimersByTime(1);
    await server.until(() => server.connections[2]?.received.length === 1);
  });

  it('does not reconnect after a protocol error (1002) on the first attempt, but does on a later one', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const first = client();
    first.connect();
    await server.until(() => server.connections.length === 1);
    server.connections[0]!.socket.close(1002, 'protocol error');
    await server.until(() => logs.length === 1);
    jest.advanceTimersByTime(60_000);
    for (let turn = 0; turn < 20; turn += 1) await flushIo();
    expect(server.connections).toHaveLength(1);

    const second = client();
    second.connect();
    await server.until(() => server.connections.length === 2);
    server.connections[1]!.socket.close(1011, 'restart');
    await server.until(() => logs.length === 2);
    jest.advanceTimersByTime(1000);
    await server.until(() => server.connections.length === 3);
    server.connections[2]!.socket.close(1002, 'protocol error');
    await server.until(() => logs.length === 3);
    jest.advanceTimersByTime(30_000);
    await server.until(() => server.connections.length === 4);
  });

  it('pings every 50 s and posts a missing pong to logger/websocketConnectionError with 4000', async () => {
    const http = await startHttpServer(() => ({ status: 200, body: { logged: true } }));
    const rest = createRestClient({
      baseUrl: `${http.origin}/rest/v1`,
      getToken: () => 'guest-token',
      getLanguage: () => 'en',
      version: 't',
    });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const socket = client({
      log: (entry) => void rest(loggerEndpoints.websocketConnectionError, { body: entry }).catch(() => undefined),
    });
    socket.connect();
    await server.until(() => server.connections[0]?.received.length === 1);
    const connection = server.connections[0]!;

    jest.advanceTimersByTime(PING_INTERVAL_MS);
    await server.until(() => connection.received.length === 2);
    expect(connection.received[1]).toEqual({ type: 'ping', accessToken: 'guest-token', guestId: 'g-1' });
    connection.socket.send(JSON.stringify({ type: 'pong', ttl: 60 }));
    await roundTrip(connection.socket);
    await flushIo();

    jest.advanceTimersByTime(PING_INTERVAL_MS); // answered: a new ping, nothing logged
    await server.until(() => connection.received.length === 3);
    jest.advanceTimersByTime(PING_INTERVAL_MS); // unanswered: logged, connection replaced
    jest.useRealTimers();
    await http.received((r) => (r.body as WebsocketConnectionError | undefined)?.errorCode === 4000);
    const posted = http.requests.find((r) => (r.body as WebsocketConnectionError).type === 'pongMissing');
    expect(posted?.url.pathname).toBe('/rest/v1/logger/websocketConnectionError');
    expect(posted?.body).toEqual({ errorCode: 4000, type: 'pongMissing', reason: 'pong missing' });
    expect(http.requests.filter((r) => (r.body as WebsocketConnectionError).type === 'pongMissing')).toHaveLength(1);
    await http.close();
  });
});
