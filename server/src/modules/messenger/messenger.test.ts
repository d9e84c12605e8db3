import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type WebSocket from 'ws';
import { eq, inArray } from 'drizzle-orm';
import {
  boughtGiftsQuery,
  incomingMessages,
  messengerContentQuery,
  messengerGiftsQuery,
  messengerToyControlsQuery,
  TOY_CONTROL_GIFT_IDS,
  MESSENGER_IMAGE_MAX_BYTES,
  SANDBOX_CARDS,
  RELATION_OBJECT_TYPES,
  RELATION_SUBJECT_TYPES,
  RELATION_TYPES,
  type ActorNote,
  type AuthResponse,
  type MessengerActor,
  type BoughtGift,
  type MessengerGift,
  type Conversation,
  type Language,
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
import { vouchers } from '../account/schema';
import { guests } from '../auth/schema';
import { actors } from '../performers/schema';
import { balanceOf } from '../wallet/service';
import { answerDueReplies } from './replies';
import { chatGuest } from '../chat/session-fixtures';
import { createPerformer } from '../performers/fixtures';
import { boughtGifts, channels, gifts } from './schema';

/** The terms the tests give their performer: three free messages, then 1.50 coins a message. */
const FREE_MESSAGES = 3;
const PRICE = 150;

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
  const terms = await t.rest('POST', `/messenger/actor/${actorIds[0]}/terms`, await t.operatorToken(), {
    messagePrice: PRICE,
    freeMessagesAmount: FREE_MESSAGES,
    isMessagingFree: false,
  });
  assert.equal(terms.statusCode, 200, terms.body);
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
async function connect(token: string, language: Language = 'en') {
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
  send({ type: 'requestSession', language });
  await next('ackSession');
  return { send, next, received, close: () => socket.terminate() };
}

const textMessage = (
  channelId: number,
  text: string,
  clientMessageId: string = randomUUID(),
  includedGifts: number[] = [],
): OutgoingPayload<'sendMessage'> => ({
  type: 'sendMessage',
  channelId,
  messageType: includedGifts.length > 0 ? 'gift' : 'text',
  senderType: 'guest',
  isVideochat: false,
  isFreechat: false,
  data: { text },
  includedGifts,
  chatId: null,
  clientMessageId,
});

/** Tops the guest up through the sandbox card, as the money charge does: `eur` EUR are 4 coins each. */
async function topUp(token: string, eur: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/payment/sandbox/charge',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: { amountEur: eur, cardNumber: SANDBOX_CARDS.succeeds },
  });
  assert.equal(response.statusCode, 200, response.body);
}

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
    assert.equal(channel.freeMessagesAmount, FREE_MESSAGES);
    const socket = await connect(guest.accessToken);
    try {
      for (let n = 1; n <= FREE_MESSAGES; n++) {
        socket.send(textMessage(channel.id, `hello ${n}`));
        const pushed = await socket.next('channel');
        assert.equal(pushed.message?.text, `hello ${n}`);
        assert.equal(pushed.message?.senderType, 'guest');
        assert.equal(pushed.channel.freeMessagesAmount, FREE_MESSAGES - n);
        assert.equal(pushed.channel.lastMessage, `hello ${n}`);
        assert.equal(pushed.message?.price, 0);
      }
      const waiting = randomUUID();
      socket.send(textMessage(channel.id, 'one too many', waiting));
      const price = await socket.next('messagePrice');
      assert.equal(price.channelId, channel.id);
      assert.equal(price.messagePrice, PRICE);
      assert.equal(price.clientMessageId, waiting);
      const stored = (await rest('GET', `/messenger/channel/${channel.id}`, guest.accessToken)).json<Conversation>();
      assert.deepEqual(
        stored.messages.map((m) => m.text),
        Array.from({ length: FREE_MESSAGES }, (_, i) => `hello ${i + 1}`),
      );
      // After a top-up the waiting message goes out under its id, charged once even when sent twice.
      await topUp(guest.accessToken, 1);
      socket.send(textMessage(channel.id, 'one too many', waiting));
      const paid = await socket.next('channel');
      assert.equal(paid.message?.price, PRICE);
      assert.equal(paid.message?.clientMessageId, waiting);
      socket.send(textMessage(channel.id, 'one too many', waiting));
      assert.equal((await socket.next('channel')).message?.id, paid.message?.id);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400 - PRICE);
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
      assert.equal((await socket.next('messageRefused')).errorCode, 'NOT_FOUND');
      assert.equal(socket.received.filter((m) => m.type === 'channel').length, 0);
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

/** A guest whose free messages to the test performer are used up, with a channel and an open socket. */
async function payingGuest() {
  const guest = await t.signup();
  const channel = await touch(guest.accessToken, actorIds[0]!);
  await t.ctx.db.update(channels).set({ freeMessagesAmount: 0 }).where(eq(channels.id, channel.id));
  const socket = await connect(guest.accessToken);
  return { guest, channel, socket };
}

describe('paid messages', () => {
  test('a free-message voucher is used before coins, then the price is charged through the ledger', async () => {
    const { guest, channel, socket } = await payingGuest();
    try {
      await t.ctx.db.insert(vouchers).values({ guestId: guest.guest.id, type: 5, amount: 1, validFrom: t.ctx.now() });
      await topUp(guest.accessToken, 1);
      socket.send(textMessage(channel.id, 'on the voucher'));
      assert.equal((await socket.next('channel')).message?.price, 0);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400);
      socket.send(textMessage(channel.id, 'paid'));
      assert.equal((await socket.next('channel')).message?.price, PRICE);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400 - PRICE);
    } finally {
      socket.close();
    }
  });

  test('a price change reaches the guests writing to the performer; only operators change it', async () => {
    const { guest, channel, socket } = await payingGuest();
    try {
      const refused = await t.rest('POST', `/messenger/actor/${actorIds[0]}/terms`, guest.accessToken, {
        messagePrice: 1,
        freeMessagesAmount: 0,
        isMessagingFree: false,
      });
      assert.equal(refused.statusCode, 403);
      const operator = await t.operatorToken();
      const changed = await t.rest('POST', `/messenger/actor/${actorIds[0]}/terms`, operator, {
        messagePrice: PRICE + 50,
        freeMessagesAmount: FREE_MESSAGES,
        isMessagingFree: false,
      });
      assert.equal(changed.statusCode, 200, changed.body);
      const pushed = await socket.next('messagePrice');
      assert.deepEqual(
        { ...pushed },
        {
          type: 'messagePrice',
          channelId: channel.id,
          messagePrice: PRICE + 50,
          freeMessagesAmount: 0,
          isMessagingFree: false,
          clientMessageId: null,
        },
      );
      const unknown = await t.rest('POST', '/messenger/actor/99999999/terms', operator, {
        messagePrice: 1,
        freeMessagesAmount: 0,
        isMessagingFree: false,
      });
      assert.equal(unknown.statusCode, 404);
      await t.rest('POST', `/messenger/actor/${actorIds[0]}/terms`, operator, {
        messagePrice: PRICE,
        freeMessagesAmount: FREE_MESSAGES,
        isMessagingFree: false,
      });
    } finally {
      socket.close();
    }
  });
});

async function graphql<T>(token: string, document: string, variables: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: document, variables },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: T }>().data;
}

const buyGift = (token: string, giftId: number, key: string, count = 1) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1/messenger/gifts/${giftId}/buy`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { count },
  });

describe('gifts', () => {
  test('the catalogue is named in the four languages; VIP gifts are marked', async () => {
    const anonymous = await t.anonymousToken();
    const { messengerGifts: german } = await graphql<{ messengerGifts: MessengerGift[] }>(
      anonymous,
      messengerGiftsQuery.document,
      { language: 'de' },
    );
    assert.ok(german.length >= 4);
    const rose = german.find((gift) => gift.translations.some((tr) => tr.value === 'Rose' && tr.language === 'en'))!;
    assert.equal(rose.name, 'Rose');
    assert.deepEqual(
      rose.translations.map((tr) => tr.language),
      ['de', 'en', 'nl', 'es'],
    );
    assert.equal(rose.translations.find((tr) => tr.language === 'nl')!.value, 'Roos');
    assert.ok(german.some((gift) => gift.vip));
  });

  test('a bought gift goes into a message once; its owned count follows; bad gifts charge nothing', async () => {
    const catalogue = await t.ctx.db.select().from(gifts);
    const gift = catalogue.find((row) => !row.vip)!;
    const vipGift = catalogue.find((row) => row.vip)!;
    const { guest, channel, socket } = await payingGuest();
    try {
      await topUp(guest.accessToken, 5);
      const key = randomUUID();
      const bought = await buyGift(guest.accessToken, gift.id, key, 2);
      assert.equal(bought.statusCode, 200, bought.body);
      assert.equal((await buyGift(guest.accessToken, gift.id, key, 2)).statusCode, 200);
      assert.deepEqual((await socket.next('boughtGifts')).boughtGifts, [{ giftId: gift.id, count: 2 }]);
      const afterBuying = 2000 - 2 * gift.price;
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), afterBuying, 'the same key bought once');
      const owned = await graphql<{ boughtGifts: BoughtGift[] }>(guest.accessToken, boughtGiftsQuery.document);
      assert.deepEqual(owned.boughtGifts, [{ giftId: gift.id, count: 2 }]);

      // Not in the catalogue, VIP only, more than owned: refused with the reason, nothing charged or taken.
      for (const [ids, code] of [
        [[99_999_999], 'GIFT_NOT_FOUND'],
        [[vipGift.id], 'VIP_REQUIRED'],
        [[gift.id, gift.id, gift.id], 'GIFT_NOT_OWNED'],
      ] as const) {
        socket.send(textMessage(channel.id, '', randomUUID(), [...ids]));
        assert.equal((await socket.next('messageRefused')).errorCode, code);
      }
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), afterBuying);

      socket.send(textMessage(channel.id, 'for you', randomUUID(), [gift.id]));
      const sent = await socket.next('channel');
      assert.equal(sent.message?.messageType, 'gift');
      assert.deepEqual(
        sent.message?.gifts.map((g) => g.id),
        [gift.id],
      );
      assert.equal(sent.message?.price, PRICE);
      assert.deepEqual((await socket.next('boughtGifts')).boughtGifts, [{ giftId: gift.id, count: 1 }]);
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), afterBuying - PRICE);

      // A VIP member may send the VIP gift.
      await t.ctx.db.update(guests).set({ vip: true }).where(eq(guests.id, guest.guest.id));
      await t.ctx.db.insert(boughtGifts).values({ guestId: guest.guest.id, giftId: vipGift.id, count: 1 });
      socket.send(textMessage(channel.id, '', randomUUID(), [vipGift.id]));
      assert.equal((await socket.next('channel')).message?.gifts[0]?.id, vipGift.id);
    } finally {
      socket.close();
    }
  });

  test('gift names are in the language of the page that asks, not the one the guest signed up in', async () => {
    const gift = (await t.ctx.db.select().from(gifts)).find(
      (row) => row.active && !row.vip && new Set([row.names.de, row.names.nl, row.names.es]).size === 3,
    )!;
    const guest = await t.signup();
    await t.ctx.db.update(guests).set({ language: 'de' }).where(eq(guests.id, guest.guest.id));
    await t.ctx.db.insert(boughtGifts).values({ guestId: guest.guest.id, giftId: gift.id, count: 1 });
    const channel = await touch(guest.accessToken, actorIds[1]!);
    const socket = await connect(guest.accessToken, 'nl');
    try {
      socket.send(textMessage(channel.id, '', randomUUID(), [gift.id]));
      const pushed = await socket.next('channel');
      assert.equal(pushed.message?.gifts[0]?.name, gift.names.nl, 'the page opened the socket in Dutch');
      for (const language of ['es', 'nl'] as const) {
        const read = await rest('GET', `/messenger/channel/${channel.id}?language=${language}`, guest.accessToken);
        assert.equal(read.statusCode, 200, read.body);
        const sent = read.json<Conversation>().messages.find((m) => m.id === pushed.message?.id);
        assert.equal(sent?.gifts[0]?.name, gift.names[language]);
      }
    } finally {
      socket.close();
    }
  });

  test('buying a gift not in the catalogue is a 404 and charges nothing', async () => {
    const guest = await t.signup();
    const response = await buyGift(guest.accessToken, 99_999_999, randomUUID());
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<ErrorBody>().code, 'GIFT_NOT_FOUND');
  });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c06' } })
    .png()
    .toBuffer();

function upload(token: string, channelId: number, file: Buffer, type: string, key: string = randomUUID()) {
  const boundary = `----velvet${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="picture"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/rest/v1/messenger/channel/${channelId}/image`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': key,
    },
    payload,
  });
}

describe('pictures', () => {
  test('a guest sends a picture; it is served only at the address signed for her', async () => {
    const guest = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[0]!);
    const key = randomUUID();
    const response = await upload(guest.accessToken, channel.id, await png(40, 30), 'image/png', key);
    assert.equal(response.statusCode, 200, response.body);
    const { message } = response.json<{ message: Conversation['messages'][number] }>();
    assert.equal(message.messageType, 'image_sent');
    assert.ok(message.imageUrl);
    const again = await upload(guest.accessToken, channel.id, await png(40, 30), 'image/png', key);
    assert.equal(again.json<{ message: { id: number } }>().message.id, message.id, 'a retried upload is one message');

    const served = await t.app.inject({ method: 'GET', url: message.imageUrl });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    // The address edited to another message, or with no signature, is refused.
    const edited = message.imageUrl.replace(`/image/${message.id}?`, `/image/${message.id + 1}?`);
    assert.equal((await t.app.inject({ method: 'GET', url: edited })).statusCode, 403);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/rest/v1/messenger/image/${message.id}` })).statusCode,
      403,
    );

    // Another guest can neither post into the channel nor read it.
    const stranger = await t.signup();
    const foreign = await upload(stranger.accessToken, channel.id, await png(40, 30), 'image/png');
    assert.equal(foreign.statusCode, 404);
    assert.equal((await rest('GET', `/messenger/channel/${channel.id}`, stranger.accessToken)).statusCode, 404);
    const conversation = (
      await rest('GET', `/messenger/channel/${channel.id}`, guest.accessToken)
    ).json<Conversation>();
    assert.deepEqual(
      conversation.messages.map((m) => m.id),
      [message.id],
    );
  });

  test('wrong types and oversize pictures are refused with their codes and charge nothing', async () => {
    const { guest, channel, socket } = await payingGuest();
    socket.close();
    await topUp(guest.accessToken, 1);
    const text = await upload(guest.accessToken, channel.id, Buffer.from('not a picture'), 'image/png');
    assert.equal(text.statusCode, 415);
    assert.equal(text.json<ErrorBody>().code, 'IMAGE_INVALID');
    const huge = await upload(guest.accessToken, channel.id, Buffer.alloc(MESSENGER_IMAGE_MAX_BYTES + 1), 'image/png');
    assert.equal(huge.statusCode, 413);
    assert.equal(huge.json<ErrorBody>().code, 'PAYLOAD_TOO_LARGE');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/messenger/channel/${channel.id}/image`,
      headers: { authorization: `Bearer ${guest.accessToken}` },
      payload: {},
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400);
    // A picture is a message: paid like one, too little money is 402 and stores nothing.
    const paid = await upload(guest.accessToken, channel.id, await png(10, 10), 'image/png');
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400 - PRICE);
    await t.ctx.db.update(channels).set({ messagePrice: 100_000 }).where(eq(channels.id, channel.id));
    const broke = await upload(guest.accessToken, channel.id, await png(10, 10), 'image/png');
    assert.equal(broke.statusCode, 402);
    await t.ctx.db.update(channels).set({ messagePrice: PRICE }).where(eq(channels.id, channel.id));
  });
});

describe('performers answer', () => {
  test('after the pause by the server clock, in the guest language, once', async () => {
    const guest = await t.signup();
    await t.ctx.db.update(guests).set({ language: 'de' }).where(eq(guests.id, guest.guest.id));
    const channel = await touch(guest.accessToken, actorIds[0]!);
    const socket = await connect(guest.accessToken);
    const realNow = t.ctx.now;
    const at = (ms: number) => () => new Date(realNow().getTime() + ms);
    try {
      // The conversations of the tests before are answered first.
      t.ctx.now = at(60_000);
      await answerDueReplies(t.ctx);
      t.ctx.now = realNow;
      socket.send(textMessage(channel.id, 'Hallo!'));
      await socket.next('channel');
      assert.equal(await answerDueReplies(t.ctx), 0, 'not before the pause');
      t.ctx.now = at(5_000);
      assert.equal(await answerDueReplies(t.ctx), 1);
      assert.equal(await answerDueReplies(t.ctx), 0, 'answered once');
      const reply = await socket.next('channel');
      assert.equal(reply.message?.senderType, 'actor');
      assert.equal(reply.channel.unreadCount, 1);
      const { botReply } = await import('../chat/bot');
      const german = new Set(Array.from({ length: 50 }, (_, i) => botReply('de', null, () => i / 50)));
      assert.ok(german.has(reply.message!.text), `${reply.message!.text} is a German line`);
      // The answer is in the guest's notification centre too, in her language.
      const notified = await socket.next('notifications');
      assert.equal(notified.notifications[0]?.text, `${reply.channel.actorName} hat dir eine Nachricht geschrieben`);
    } finally {
      t.ctx.now = realNow;
      socket.close();
    }
  });
});

test('every third answer is a picture paid to open: opened once through the ledger, only by its guest', async () => {
  const guest = await t.signup();
  const channel = await touch(guest.accessToken, actorIds[0]!);
  const socket = await connect(guest.accessToken);
  const realNow = t.ctx.now;
  let shift = 0;
  try {
    let answer: IncomingMessage<'channel'> | undefined;
    for (let n = 1; n <= 3; n++) {
      socket.send(textMessage(channel.id, `line ${n}`));
      await socket.next('channel');
      shift += 10_000;
      const later = new Date(realNow().getTime() + shift);
      t.ctx.now = () => later;
      await answerDueReplies(t.ctx);
      t.ctx.now = realNow;
      answer = await socket.next('channel');
    }
    const picture = answer!.message!;
    assert.equal(picture.messageType, 'image_received');
    assert.equal(picture.imageUrl, null, 'locked until opened');
    assert.ok(picture.openPrice > 0);
    const open = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/messenger/message/${picture.id}/open`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      });
    assert.equal((await open(guest.accessToken)).statusCode, 402);
    const stranger = await t.signup();
    assert.equal((await open(stranger.accessToken)).statusCode, 404);
    await topUp(guest.accessToken, 1);
    const opened = await open(guest.accessToken);
    assert.equal(opened.statusCode, 200, opened.body);
    const { message } = opened.json<{ message: Conversation['messages'][number] }>();
    assert.equal(message.openPrice, 0);
    assert.equal((await t.app.inject({ method: 'GET', url: message.imageUrl! })).statusCode, 200);
    assert.equal((await open(guest.accessToken)).statusCode, 200);
    assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 400 - picture.openPrice, 'opened once');
  } finally {
    t.ctx.now = realNow;
    socket.close();
  }
});

test('messenger content lists the pictures of the guest conversations only, filtered by type and name', async () => {
  const guest = await t.signup();
  const channel = await touch(guest.accessToken, actorIds[0]!);
  const sent = await upload(guest.accessToken, channel.id, await png(20, 20), 'image/png');
  assert.equal(sent.statusCode, 200, sent.body);
  const { message } = sent.json<{ message: Conversation['messages'][number] }>();
  type Content = { messengerContent: { total: number; items: { messageId: number; url: string | null }[] } };
  const content = (variables: object, token = guest.accessToken) =>
    graphql<Content>(token, messengerContentQuery.document, variables);
  const all = await content({});
  assert.equal(all.messengerContent.total, 1);
  assert.equal(all.messengerContent.items[0]!.messageId, message.id);
  assert.equal(all.messengerContent.items[0]!.url, message.imageUrl);
  assert.equal((await content({ filter: { mediaTypes: ['video', 'audio'] } })).messengerContent.total, 0);
  assert.equal((await content({ filter: { searchString: channel.actorName.slice(0, 3) } })).messengerContent.total, 1);
  assert.equal((await content({ filter: { searchString: 'no such performer' } })).messengerContent.total, 0);
  const stranger = await t.signup();
  assert.equal((await content({}, stranger.accessToken)).messengerContent.total, 0);
});

describe('channel rules', () => {
  test('a blocked channel is listed only as blocked, takes no message, charges nothing, and is unblocked again', async () => {
    const guest = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[1]!);
    await t.ctx.db.update(channels).set({ unreadCount: 2 }).where(eq(channels.id, channel.id));
    const socket = await connect(guest.accessToken);
    try {
      socket.send({ type: 'blockChannel', channelId: channel.id, status: true });
      assert.equal((await socket.next('channel')).channel.blocked, true);
      socket.send({ type: 'filterChannels', filterType: 'newest' });
      const inbox = await socket.next('channels');
      assert.deepEqual(inbox.channels, []);
      // A blocked channel's unread messages do not count.
      assert.equal(inbox.unreadTotal, 0);
      socket.send({ type: 'filterChannels', filterType: 'blocked' });
      assert.deepEqual(
        (await socket.next('channels')).channels.map((c) => c.id),
        [channel.id],
      );
      socket.send(textMessage(channel.id, 'still there?'));
      assert.equal((await socket.next('messageRefused')).errorCode, 'FORBIDDEN');
      assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 0);
      socket.send({ type: 'blockChannel', channelId: channel.id, status: false });
      assert.equal((await socket.next('channel')).channel.blocked, false);
      socket.send({ type: 'filterChannels', filterType: 'newest' });
      assert.equal((await socket.next('channels')).unreadTotal, 2);
    } finally {
      socket.close();
    }
  });

  test('another guest cannot block, archive or see a channel by its id', async () => {
    const owner = await t.signup();
    const channel = await touch(owner.accessToken, actorIds[0]!);
    const intruder = await t.signup();
    const socket = await connect(intruder.accessToken);
    try {
      socket.send({ type: 'blockChannel', channelId: channel.id, status: true });
      socket.send({ type: 'archiveChannel', channelId: channel.id, status: true });
      socket.send({ type: 'loadChannels', offset: 0, limit: 10, filterType: 'blocked' });
      assert.deepEqual((await socket.next('channels')).channels, []);
      assert.equal(socket.received.filter((m) => m.type === 'channel').length, 0);
      const [row] = await t.ctx.db.select().from(channels).where(eq(channels.id, channel.id));
      assert.equal(row?.blocked, false);
      assert.equal(row?.archived, false);
    } finally {
      socket.close();
    }
  });

  test('allChannelsSeen reads every channel of the guest, tells all her tabs, and leaves other guests alone', async () => {
    const guest = await t.signup();
    const other = await t.signup();
    const mine = [await touch(guest.accessToken, actorIds[0]!), await touch(guest.accessToken, actorIds[1]!)];
    const theirs = await touch(other.accessToken, actorIds[0]!);
    await t.ctx.db
      .update(channels)
      .set({ unreadCount: 3 })
      .where(inArray(channels.id, [...mine.map((c) => c.id), theirs.id]));
    const unread = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${token}` },
          payload: { query: unreadMessageCountQuery.document },
        })
      ).json<{ data: { unreadMessageCount: number } }>().data.unreadMessageCount;
    assert.equal(await unread(guest.accessToken), 6);
    const tab = await connect(guest.accessToken);
    const otherTab = await connect(guest.accessToken);
    try {
      tab.send({ type: 'allChannelsSeen' });
      await tab.next('allChannelsSeen');
      await otherTab.next('allChannelsSeen');
      assert.equal(await unread(guest.accessToken), 0);
      assert.equal(await unread(other.accessToken), 3);
    } finally {
      tab.close();
      otherTab.close();
    }
  });

  test('reading a conversation tells the guest tabs that it is read', async () => {
    const guest = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[0]!);
    await t.ctx.db.update(channels).set({ unreadCount: 2 }).where(eq(channels.id, channel.id));
    const socket = await connect(guest.accessToken);
    try {
      assert.equal((await rest('GET', `/messenger/channel/${channel.id}`, guest.accessToken)).statusCode, 200);
      const pushed = await socket.next('channel');
      assert.equal(pushed.channel.id, channel.id);
      assert.equal(pushed.channel.unreadCount, 0);
      // Reading it again marks nothing: nothing is pushed.
      await rest('GET', `/messenger/channel/${channel.id}`, guest.accessToken);
      await assert.rejects(socket.next('channel', 300));
    } finally {
      socket.close();
    }
  });

  test('loadOnlineChannels leaves offline performers out, except in the archived and unread lists', async () => {
    const guest = await t.signup();
    const [onlineId, offlineId, archivedId] = actorIds as [number, number, number];
    const online = await touch(guest.accessToken, onlineId);
    const offline = await touch(guest.accessToken, offlineId);
    const archived = await touch(guest.accessToken, archivedId);
    const before = await t.ctx.db.select({ id: actors.id, isOnline: actors.isOnline }).from(actors);
    await t.ctx.db.update(actors).set({ isOnline: true }).where(eq(actors.id, onlineId));
    await t.ctx.db
      .update(actors)
      .set({ isOnline: false })
      .where(inArray(actors.id, [offlineId, archivedId]));
    const socket = await connect(guest.accessToken);
    try {
      socket.send({ type: 'archiveChannel', channelId: archived.id, status: true });
      await socket.next('channel');
      socket.send({ type: 'loadOnlineChannels', online: true });
      const onlineOnly = await socket.next('channels');
      assert.equal(onlineOnly.onlineOnly, true);
      assert.deepEqual(
        onlineOnly.channels.map((c) => c.id),
        [online.id],
      );
      assert.equal(onlineOnly.total, 1);
      socket.send({ type: 'loadOnlineChannels', online: true, filterType: 'archived' });
      assert.deepEqual(
        (await socket.next('channels')).channels.map((c) => c.id),
        [archived.id],
      );
      socket.send({ type: 'loadOnlineChannels', online: false });
      const all = await socket.next('channels');
      assert.equal(all.onlineOnly, false);
      assert.deepEqual(all.channels.map((c) => c.id).sort(), [online.id, offline.id].sort());
    } finally {
      socket.close();
      for (const row of before)
        await t.ctx.db.update(actors).set({ isOnline: row.isOnline }).where(eq(actors.id, row.id));
    }
  });
});

describe('notes and relations', () => {
  test('a note on a performer is the guest own: stored, read back, deleted, never read by another guest', async () => {
    const guest = await t.signup();
    const other = await t.signup();
    const actorId = actorIds[0]!;
    const none = await rest('GET', `/actor/getActorNoteById/${actorId}`, guest.accessToken);
    assert.equal(none.statusCode, 200, none.body);
    assert.deepEqual(none.json<ActorNote>(), { actorId, comment: null, updatedAt: null });
    const stored = await rest('POST', '/actor/storeActorNote', guest.accessToken, {
      actorId,
      comment: '  likes jazz  ',
    });
    assert.equal(stored.statusCode, 200, stored.body);
    assert.equal(stored.json<ActorNote>().comment, 'likes jazz');
    const read = (await rest('GET', `/actor/getActorNoteById/${actorId}`, guest.accessToken)).json<ActorNote>();
    assert.equal(read.comment, 'likes jazz');
    assert.equal(read.updatedAt, stored.json<ActorNote>().updatedAt);
    assert.ok(read.updatedAt);
    // The same performer's note for another guest is hers: empty, and writing it leaves the first guest's alone.
    const theirs = await rest('GET', `/actor/getActorNoteById/${actorId}`, other.accessToken);
    assert.equal(theirs.json<ActorNote>().comment, null);
    await rest('POST', '/actor/storeActorNote', other.accessToken, { actorId, comment: 'other' });
    assert.equal(
      (await rest('GET', `/actor/getActorNoteById/${actorId}`, guest.accessToken)).json<ActorNote>().comment,
      'likes jazz',
    );
    await rest('POST', '/actor/storeActorNote', guest.accessToken, { actorId, comment: '' });
    assert.equal(
      (await rest('GET', `/actor/getActorNoteById/${actorId}`, guest.accessToken)).json<ActorNote>().comment,
      null,
    );
    assert.equal(
      (await rest('GET', `/actor/getActorNoteById/${actorId}`, other.accessToken)).json<ActorNote>().comment,
      'other',
    );
  });

  test('notes refuse visitors, unknown performers and over-long texts with their codes', async () => {
    const guest = await t.signup();
    const anonymous = await rest('GET', `/actor/getActorNoteById/${actorIds[0]}`, await t.anonymousToken());
    assert.equal(anonymous.statusCode, 401);
    const unknown = await rest('GET', '/actor/getActorNoteById/999999', guest.accessToken);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<ErrorBody>().code, 'NOT_FOUND');
    const storeUnknown = await rest('POST', '/actor/storeActorNote', guest.accessToken, {
      actorId: 999999,
      comment: 'x',
    });
    assert.equal(storeUnknown.statusCode, 404);
    const long = await rest('POST', '/actor/storeActorNote', guest.accessToken, {
      actorId: actorIds[0],
      comment: 'x'.repeat(2001),
    });
    assert.equal(long.statusCode, 400);
    assert.equal(long.json<ErrorBody>().code, 'VALIDATION_FAILED');
  });

  test('relations are stored once for the guest herself; another guest id is refused and stores nothing', async () => {
    const guest = await t.signup();
    const other = await t.signup();
    const relation = (subjectId: string, objectId = actorIds[0]!) => ({
      subjectTypeId: RELATION_SUBJECT_TYPES.guest,
      subjectId,
      relationTypeId: RELATION_TYPES.profileVisited,
      objectTypeId: RELATION_OBJECT_TYPES.actor,
      objectId,
    });
    const has = async (token: string, subjectId: string) =>
      rest('POST', '/utility/relation/hasRelation', token, relation(subjectId));
    assert.deepEqual((await has(guest.accessToken, guest.guest.id)).json(), { hasRelation: false });
    for (let n = 0; n < 2; n++) {
      const added = await rest('POST', '/utility/relation/addRelation', guest.accessToken, relation(guest.guest.id));
      assert.equal(added.statusCode, 200, added.body);
    }
    assert.deepEqual((await has(guest.accessToken, guest.guest.id)).json(), { hasRelation: true });
    // Naming another guest as the subject is refused both ways.
    const forged = await rest('POST', '/utility/relation/addRelation', other.accessToken, relation(guest.guest.id));
    assert.equal(forged.statusCode, 403);
    assert.equal(forged.json<ErrorBody>().code, 'FORBIDDEN');
    assert.equal((await has(other.accessToken, guest.guest.id)).statusCode, 403);
    assert.deepEqual((await has(other.accessToken, other.guest.id)).json(), { hasRelation: false });
    const unknown = await rest(
      'POST',
      '/utility/relation/addRelation',
      guest.accessToken,
      relation(guest.guest.id, 999999),
    );
    assert.equal(unknown.statusCode, 404);
    const badType = await rest('POST', '/utility/relation/addRelation', guest.accessToken, {
      ...relation(guest.guest.id),
      relationTypeId: 99,
    });
    assert.equal(badType.statusCode, 400);
    assert.equal(badType.json<ErrorBody>().code, 'VALIDATION_FAILED');
  });

  test('a performer the guest hid is left out of her recommendations only', async () => {
    const guest = await t.signup();
    const before = (await rest('GET', '/messenger/recommendations', guest.accessToken)).json<{
      actors: RecommendedActor[];
    }>().actors;
    const hidden = before[0]!.id;
    const added = await rest('POST', '/utility/relation/addRelation', guest.accessToken, {
      subjectTypeId: RELATION_SUBJECT_TYPES.guest,
      subjectId: guest.guest.id,
      relationTypeId: RELATION_TYPES.recommendationHidden,
      objectTypeId: RELATION_OBJECT_TYPES.actor,
      objectId: hidden,
    });
    assert.equal(added.statusCode, 200, added.body);
    const after = (await rest('GET', '/messenger/recommendations', guest.accessToken)).json<{
      actors: RecommendedActor[];
    }>().actors;
    // The list stays full while there are performers enough to fill it.
    assert.equal(after.length, Math.min(before.length, actorIds.length - 1));
    assert.ok(!after.some((a) => a.id === hidden));
    const others = (await rest('GET', '/messenger/recommendations', demo.accessToken)).json<{
      actors: RecommendedActor[];
    }>().actors;
    assert.ok(others.some((a) => a.id === hidden));
  });

  test('messenger/actor answers her terms and the guest own channel only', async () => {
    const guest = await t.signup();
    const other = await t.signup();
    const channel = await touch(guest.accessToken, actorIds[0]!);
    const mine = (await rest('GET', `/messenger/actor/${actorIds[0]}`, guest.accessToken)).json<MessengerActor>();
    assert.equal(mine.channelId, channel.id);
    assert.equal(mine.messagePrice, PRICE);
    assert.equal(mine.freeMessagesAmount, FREE_MESSAGES);
    assert.equal(mine.actor.id, actorIds[0]);
    const theirs = (await rest('GET', `/messenger/actor/${actorIds[0]}`, other.accessToken)).json<MessengerActor>();
    assert.equal(theirs.channelId, null);
    assert.equal((await rest('GET', '/messenger/actor/999999', guest.accessToken)).statusCode, 404);
  });
});

describe('system messages', () => {
  test('a live chat notes its start and its end with length and cost in the conversation with the performer', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 1000 });
    const started = await guest.start(performer.id, 'LIVECHAT');
    assert.equal(started.statusCode, 200, started.body);
    const start = (await guest.socket.next('channel')) as IncomingMessage<'channel'>;
    assert.equal(start.channel.actorId, performer.id);
    assert.equal(start.message?.senderType, 'system');
    assert.equal(start.message?.messageType, 'chat_start');
    assert.deepEqual(start.message?.data, { chatType: 'LIVECHAT' });
    // A system message is neither unread nor the channel's last message.
    assert.equal(start.channel.unreadCount, 0);
    assert.equal(start.channel.lastMessage, null);
    const { chatId } = started.json<{ chatId: string }>();
    assert.equal((await guest.post('/chat/stop', { chatId })).statusCode, 200);
    const end = (await guest.socket.next('channel')) as IncomingMessage<'channel'>;
    assert.equal(end.message?.messageType, 'chat_end');
    assert.equal(end.channel.id, start.channel.id);
    const data = end.message?.data ?? {};
    assert.equal(data.chatType, 'LIVECHAT');
    assert.equal(typeof data.durationSeconds, 'number');
    assert.equal(typeof data.billedAmount, 'number');
    const stored = (await rest('GET', `/messenger/channel/${start.channel.id}`, guest.token)).json<Conversation>();
    assert.deepEqual(
      stored.messages.map((m) => m.messageType),
      ['chat_start', 'chat_end'],
    );
  });

  test('a top-up asked from a conversation is noted in it, and never in another guest conversation', async () => {
    const guest = await chatGuest(t);
    const own = await touch(guest.token, actorIds[0]!);
    const other = await t.signup();
    const foreign = await touch(other.accessToken, actorIds[0]!);
    // Without a saved card the one-click charge fails: charge_failure with the amount asked.
    guest.socket.send({ type: 'chargeOneClick', amount: 500, channelId: own.id, requestId: randomUUID() });
    const failed = (await guest.socket.next('channel')) as IncomingMessage<'channel'>;
    assert.equal(failed.message?.messageType, 'charge_failure');
    assert.deepEqual(failed.message?.data, { amount: 500, coins: 0 });
    guest.socket.send({ type: 'chargeOneClick', amount: 500, channelId: foreign.id, requestId: randomUUID() });
    await guest.socket.next('oneClick');
    const theirs = (await rest('GET', `/messenger/channel/${foreign.id}`, other.accessToken)).json<Conversation>();
    assert.deepEqual(theirs.messages, []);
  });
});

describe('toy controls', () => {
  test('the toy controls are their own list at ids 96481 to 96484, named per language, bought like gifts', async () => {
    const ask = async (document: string, language: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${await t.anonymousToken()}` },
          payload: { query: document, variables: { language } },
        })
      ).json<{ data: Record<string, { id: number; name: string }[]> }>().data;
    const toys = (await ask(messengerToyControlsQuery.document, 'de')).messengerToyControls as unknown as {
      id: number;
      displayName: string;
      duration: number;
      random: boolean;
      intensity: number;
    }[];
    assert.deepEqual(
      toys.map((toy) => toy.id),
      [...TOY_CONTROL_GIFT_IDS],
    );
    assert.deepEqual(
      toys.map((toy) => toy.intensity),
      [1, 2, 3, 4],
    );
    assert.equal(toys[0]!.displayName, 'Toy sanft');
    assert.ok(toys.every((toy) => toy.duration > 0));
    assert.deepEqual(
      toys.map((toy) => toy.random),
      [false, false, false, true],
    );
    const catalogue = (await ask(messengerGiftsQuery.document, 'de')).messengerGifts!;
    assert.ok(!catalogue.some((gift) => (TOY_CONTROL_GIFT_IDS as readonly number[]).includes(gift.id)));
    // Paid through the gifts purchase and the wallet: owned afterwards, charged once.
    const guest = await t.signup();
    await topUp(guest.accessToken, 5);
    const buy = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/messenger/gifts/${TOY_CONTROL_GIFT_IDS[0]}/buy`,
      headers: { authorization: `Bearer ${guest.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { count: 1 },
    });
    assert.equal(buy.statusCode, 200, buy.body);
    assert.deepEqual(buy.json<{ boughtGifts: BoughtGift[] }>().boughtGifts, [
      { giftId: TOY_CONTROL_GIFT_IDS[0], count: 1 },
    ]);
    assert.equal(await balanceOf(t.ctx.db, guest.guest.id), 2000 - 100);
  });
});
