import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import {
  incomingMessages,
  type AuthResponse,
  type Conversation,
  type ErrorBody,
  type IncomingMessage,
  type IncomingType,
  type OutgoingPayload,
  type RecommendedActor,
  unreadMessageCountQuery,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DEMO_GUEST } from '../auth/demo-guest';
import { listPerformerCards } from '../performers/catalogue';
import { channels } from './schema';
import { NEW_CHANNEL_FREE_MESSAGES } from './service';

let t: TestApp;
let demo: AuthResponse;
let actorIds: number[];

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const login = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    payload: { email: DEMO_GUEST.email, password: DEMO_GUEST.password },
  });
  assert.equal(login.statusCode, 200, login.body);
  demo = login.json<AuthResponse>();
  actorIds = (await listPerformerCards(t.ctx.db)).map((a) => a.id);
});
after(() => t.close());

const rest = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/rest/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** A socket session through the real hub: sends client messages and waits for typed answers. */
async function connect(token: string) {
  const socket: WebSocket = await t.app.injectWS('/ws');
  const received: IncomingMessage[] = [];
  const waiting: { type: IncomingType; resolve: (message: IncomingMessage) => void }[] = [];
  socket.on('message', (data) => {
    const raw = JSON.parse(String(data)) as IncomingMessage;
    // Every frame the server pushes must match its contract.
    const message = incomingMessages[raw.type].parse(raw) as IncomingMessage;
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
    else received.push(message);
  });
  const next = <T extends IncomingType>(type: T, timeoutMs = 2000): Promise<IncomingMessage<T>> => {
    const index = received.findIndex((m) => m.type === type);
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0] as IncomingMessage<T>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      waiting.push({ type, resolve: (m) => (clearTimeout(timer), resolve(m as IncomingMessage<T>)) });
    });
  };
  const send = (message: OutgoingPayload) => socket.send(JSON.stringify({ ...message, accessToken: token }));
  send({ type: 'requestSession', language: 'en' });
  await next('ackSession');
  return { send, next, received, close: () => socket.terminate() };
}

const textMessage = (channelId: number, text: string): OutgoingPayload<'sendMessage'> => ({
  type: 'sendMessage',
  channelId,
  messageType: 'text',
  senderType: 'guest',
  isVideochat: false,
  isFreechat: false,
  data: { text },
  includedGifts: [],
  chatId: null,
});

async function touch(token: string, actorId: number) {
  const response = await rest('POST', '/messenger/channel/touch', token, { actorId });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ channel: Conversation['channel'] }>().channel;
}

describe('messenger REST', () => {
  test('recommendations are open to visitors, online performers first, 8 in a grid and 5 in a slider', async () => {
    const anonymous = await t.anonymousToken();
    const grid = (await rest('GET', '/messenger/recommendations?useGrid=true', anonymous)).json<{
      actors: RecommendedActor[];
    }>();
    assert.equal(grid.actors.length, Math.min(8, actorIds.length));
    const online = grid.actors.map((a) => a.isOnline);
    assert.deepEqual(
      online,
      [...online].sort((a, b) => Number(b) - Number(a)),
    );
    const slider = (await rest('GET', `/messenger/recommendations?currentActorId=${actorIds[0]}`, anonymous)).json<{
      actors: RecommendedActor[];
    }>();
    assert.equal(slider.actors.length, Math.min(5, actorIds.length - 1));
    assert.ok(!slider.actors.some((a) => a.id === actorIds[0]));
  });

  test('channels need a logged-in guest', async () => {
    const anonymous = await t.anonymousToken();
    const response = await rest('GET', '/messenger/channel/1', anonymous);
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    assert.equal((await t.app.inject({ method: 'GET', url: '/rest/v1/messenger/favorites' })).statusCode, 401);
  });

  test('bad ids are a 400, unknown or foreign channels a 404', async () => {
    const bad = await rest('GET', '/messenger/channel/abc', demo.accessToken);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json<ErrorBody>().code, 'VALIDATION_FAILED');
    const stranger = await t.signup();
    const demoChannel = await touch(demo.accessToken, actorIds[0]!);
    const foreign = await rest('GET', `/messenger/channel/${demoChannel.id}`, stranger.accessToken);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json<ErrorBody>().code, 'NOT_FOUND');
    assert.equal((await rest('GET', `/messenger/channel/actor/${actorIds[0]}`, stranger.accessToken)).statusCode, 404);
    const unknownActor = await rest('POST', '/messenger/channel/touch', stranger.accessToken, { actorId: 99_999_999 });
    assert.equal(unknownActor.statusCode, 404);
  });

  test('the demo guest has a seeded conversation; reading it marks it read', async () => {
    const byActor = await rest('GET', `/messenger/channel/actor/${actorIds[0]}`, demo.accessToken);
    assert.equal(byActor.statusCode, 200, byActor.body);
    const conversation = byActor.json<Conversation>();
    assert.ok(conversation.messages.length >= 3);
    assert.equal(conversation.channel.unreadCount, 0);
    assert.equal(conversation.channel.lastMessage, conversation.messages.at(-1)!.text);
    const times = conversation.messages.map((m) => m.created);
    assert.deepEqual(times, [...times].sort());
    // History paging: one older page before the oldest shown message.
    const page = (
      await rest('GET', `/messenger/channel/${conversation.channel.id}?limit=1`, demo.accessToken)
    ).json<Conversation>();
    assert.equal(page.messages.length, 1);
    assert.equal(page.hasMore, true);
    const older = (
      await rest(
        'GET',
        `/messenger/channel/${conversation.channel.id}?limit=1&before=${page.messages[0]!.id}`,
        demo.accessToken,
      )
    ).json<Conversation>();
    assert.ok(older.messages[0]!.id < page.messages[0]!.id);
  });

  test('favourites answer the pinned performers with online state', async () => {
    const response = await rest('GET', '/messenger/favorites', demo.accessToken);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ actors: RecommendedActor[]; onlineCount: number }>();
    assert.ok(body.actors.length >= 1);
    assert.equal(body.onlineCount, body.actors.filter((a) => a.isOnline).length);
  });
});

describe('messenger socket', () => {
  test('loadChannels pages the guest channels; offset is the number already loaded', async () => {
    const guest = await t.signup();
    for (const id of actorIds) await touch(guest.accessToken, id);
    const socket = await connect(guest.accessToken);
    try {
      socket.send({ type: 'loadChannels', offset: 0, limit: 2 });
      const first = await socket.next('channels');
      assert.equal(first.filterType, 'newest');
      assert.equal(first.total, actorIds.length);
      assert.equal(first.channels.length, Math.min(2, actorIds.length));
      socket.send({ type: 'loadChannels', offset: 2, limit: 2 });
      const second = await socket.next('channels');
      assert.equal(second.offset, 2);
      const ids = [...first.channels, ...second.channels].map((c) => c.id);
      assert.equal(new Set(ids).size, ids.length);
    } finally {
      socket.close();
    }
  });

  test('sendMessage stores the text, pushes it back and uses up free messages, then answers the price', async () => {
    const guest = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[0]!);
    assert.equal(channel.freeMessagesAmount, NEW_CHANNEL_FREE_MESSAGES);
    const socket = await connect(guest.accessToken);
    try {
      for (let n = 1; n <= NEW_CHANNEL_FREE_MESSAGES; n++) {
        socket.send(textMessage(channel.id, `hello ${n}`));
        const pushed = await socket.next('channel');
        assert.equal(pushed.message?.text, `hello ${n}`);
        assert.equal(pushed.message?.senderType, 'guest');
        assert.equal(pushed.channel.freeMessagesAmount, NEW_CHANNEL_FREE_MESSAGES - n);
        assert.equal(pushed.channel.lastMessage, `hello ${n}`);
      }
      socket.send(textMessage(channel.id, 'one too many'));
      const price = await socket.next('messagePrice');
      assert.equal(price.channelId, channel.id);
      assert.equal(price.messagePrice, channel.messagePrice);
      const stored = (await rest('GET', `/messenger/channel/${channel.id}`, guest.accessToken)).json<Conversation>();
      assert.deepEqual(
        stored.messages.map((m) => m.text),
        Array.from({ length: NEW_CHANNEL_FREE_MESSAGES }, (_, i) => `hello ${i + 1}`),
      );
    } finally {
      socket.close();
    }
  });

  test('a message into another guest channel is not stored', async () => {
    const owner = await t.signup();
    const channel = await touch(owner.accessToken, actorIds[0]!);
    const intruder = await t.signup();
    const socket = await connect(intruder.accessToken);
    try {
      socket.send(textMessage(channel.id, 'not mine'));
      await assert.rejects(socket.next('channel', 300));
      const stored = (await rest('GET', `/messenger/channel/${channel.id}`, owner.accessToken)).json<Conversation>();
      assert.equal(stored.messages.length, 0);
    } finally {
      socket.close();
    }
  });

  test('archiveChannel moves a channel to the archived filter and back', async () => {
    const guest = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[0]!);
    const socket = await connect(guest.accessToken);
    try {
      socket.send({ type: 'archiveChannel', channelId: channel.id, status: true });
      assert.equal((await socket.next('channel')).channel.archived, true);
      socket.send({ type: 'filterChannels', filterType: 'archived' });
      assert.deepEqual(
        (await socket.next('channels')).channels.map((c) => c.id),
        [channel.id],
      );
      socket.send({ type: 'filterChannels', filterType: 'newest' });
      assert.deepEqual((await socket.next('channels')).channels, []);
      socket.send({ type: 'archiveChannel', channelId: channel.id, status: false });
      assert.equal((await socket.next('channel')).channel.archived, false);
    } finally {
      socket.close();
    }
  });

  test('the unread filter puts unread channels first and counts the unread total', async () => {
    const socket = await connect(demo.accessToken);
    try {
      socket.send({ type: 'filterChannels', filterType: 'unread' });
      const page = await socket.next('channels');
      const unread = page.channels.map((c) => c.unreadCount > 0);
      assert.deepEqual(
        unread,
        [...unread].sort((a, b) => Number(b) - Number(a)),
      );
      assert.ok(page.unreadTotal >= page.channels.reduce((sum, c) => sum + c.unreadCount, 0));
    } finally {
      socket.close();
    }
  });

  test('an anonymous visitor gets no channels', async () => {
    const socket = await connect(await t.anonymousToken());
    try {
      socket.send({ type: 'loadChannels', offset: 0, limit: 10 });
      await assert.rejects(socket.next('channels', 300));
    } finally {
      socket.close();
    }
  });
});

test('the structured query answers the unread total for guests only', async () => {
  const query = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: unreadMessageCountQuery.document },
    });
  const guest = await t.signup();
  const channel = await touch(guest.accessToken, actorIds[0]!);
  await t.ctx.db.update(channels).set({ unreadCount: 4 }).where(eq(channels.id, channel.id));
  assert.deepEqual((await query(guest.accessToken)).json(), { data: { unreadMessageCount: 4 } });
  const anonymous = (await query(await t.anonymousToken())).json<{ errors: { extensions: { code: string } }[] }>();
  assert.equal(anonymous.errors[0]!.extensions.code, 'LOGIN_REQUIRED');
});

test('the seed never leaves a channel without its last message', async () => {
  const rows = await t.ctx.db.select().from(channels).where(eq(channels.guestId, demo.guest.id));
  assert.ok(rows.length >= 1);
  assert.ok(rows.every((row) => row.lastMessageId !== null));
});
