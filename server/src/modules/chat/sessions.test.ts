import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  CHAT_EXIT_CODES,
  SANDBOX_CARDS,
  chatSessionEndpoints,
  incomingMessages,
  type ChatEnd,
  type ChatSession,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { guests } from '../auth/schema';
import { balanceOf } from '../wallet/service';
import { BOT_REPLY_DELAY_MS, botReply } from './bot';
import { chatSessions, chatTicketHolders, chatTickets } from './schema';
import { applyOnlineSchedule } from '../performers/schedule';
import { assertLedgerConsistent, chatGuest, errorCodeOf, type ChatGuest } from './session-fixtures';
import { addOnlineWindow, createPerformer, manualClock, updatePerformer } from '../performers/fixtures';
import {
  GUEST_GONE_GRACE_SECONDS,
  PREVIEW_HOUR_LIMIT,
  activeChatsOfActor,
  chatEndOf,
  endChat,
  runDueChats,
} from './sessions';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
before(async () => {
  t = await createTestApp({ config: { trustProxy: ['loopback'] } });
  clock = manualClock(t);
});
after(() => t.close());

/** Starts a chat that must succeed and answers its session. */
async function started(guest: ChatGuest, actorId: number, type: ChatSession['chatType']): Promise<ChatSession> {
  const response = await guest.start(actorId, type);
  assert.equal(response.statusCode, 200, response.body);
  return chatSessionEndpoints.start.response.parse(response.json());
}

/** The chatEnd push of a chat, checked against the contract. */
async function chatEndPush(guest: ChatGuest, chatId: string): Promise<ChatEnd> {
  const message = await guest.socket.next('chatEnd');
  const end = incomingMessages.chatEnd.parse(message);
  assert.equal(end.chatId, chatId);
  return end;
}

const stop = (guest: ChatGuest, chatId: string) => guest.post('/chat/stop', { chatId });

describe('chat start rules', () => {
  it('needs a token, and a logged-in guest for every type but the live preview', async () => {
    const performer = await createPerformer(t.ctx.db);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/chat/start',
      payload: { actorId: performer.id, chatType: 'LIVECHAT', sequenceNumber: 1 },
    });
    assert.equal(anonymous.statusCode, 401);
    const visitor = await chatGuest(t, { anonymous: true });
    const refused = await visitor.start(performer.id, 'LIVECHAT');
    assert.equal(refused.statusCode, 401);
    assert.equal(errorCodeOf(refused), 'LOGIN_REQUIRED');
    const preview = await started(visitor, performer.id, 'LIVE_PREVIEW');
    assert.equal(preview.pricePerMinute, 0);
    assert.equal(preview.secondsLeft, null);
    visitor.socket.close();
  });

  it('refuses a sequence number that is not above the last one (WRONG_SEQUENCE_NUMBER)', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00 });
    const first = await guest.post('/chat/start', { actorId: performer.id, chatType: 'LIVECHAT', sequenceNumber: 5 });
    assert.equal(first.statusCode, 200, first.body);
    await stop(guest, first.json<ChatSession>().chatId);
    for (const sequenceNumber of [5, 4]) {
      const again = await guest.post('/chat/start', { actorId: performer.id, chatType: 'LIVECHAT', sequenceNumber });
      assert.equal(again.statusCode, 409);
      assert.equal(errorCodeOf(again), 'WRONG_SEQUENCE_NUMBER');
    }
    guest.socket.close();
  });

  it('needs an open socket session (GUEST_OFFLINE)', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00, socket: false });
    const response = await guest.start(performer.id, 'LIVECHAT');
    assert.equal(response.statusCode, 409);
    assert.equal(errorCodeOf(response), 'GUEST_OFFLINE');
  });

  it('checks the performer: unknown, off line, banned country, type not offered, show without ticket', async () => {
    const guest = await chatGuest(t, { coins: 10_00 });
    const unknown = await guest.start(999_999, 'LIVECHAT');
    assert.equal(unknown.statusCode, 404);

    const offline = await createPerformer(t.ctx.db, { isOnline: false });
    const off = await guest.start(offline.id, 'LIVECHAT');
    assert.equal(off.statusCode, 409);
    assert.equal(errorCodeOf(off), 'ACTOR_OFFLINE');

    const banning = await createPerformer(t.ctx.db, { bannedCountryCodes: ['AT'] });
    const banned = await guest.start(banning.id, 'LIVECHAT', { 'cf-ipcountry': 'at' });
    assert.equal(banned.statusCode, 403);
    assert.equal(errorCodeOf(banned), 'COUNTRY_BANNED');

    const plain = await createPerformer(t.ctx.db, {
      freeChat: false,
      isLivePreviewEnabled: false,
      isVoyeurChatAvailable: false,
    });
    for (const type of ['FREECHAT', 'LIVE_PREVIEW', 'VOYEUR_CHAT', 'LIVESHOW'] as const) {
      const response = await guest.start(plain.id, type);
      assert.equal(response.statusCode, 409, type);
      assert.equal(errorCodeOf(response), 'CHAT_TYPE_UNAVAILABLE', type);
    }

    const showing = await createPerformer(t.ctx.db, { isCurrentlyTicketShow: true });
    const noTicket = await guest.start(showing.id, 'LIVESHOW');
    assert.equal(noTicket.statusCode, 403);
    assert.equal(errorCodeOf(noTicket), 'TICKET_REQUIRED');
    const busy = await guest.start(showing.id, 'LIVECHAT');
    assert.equal(errorCodeOf(busy), 'ACTOR_BUSY', 'no private chat during her show');
    const now = clock.now().getTime();
    const [ticket] = await t.ctx.db
      .insert(chatTickets)
      .values({
        actorId: showing.id,
        title: { de: 'Show', en: 'Show', nl: 'Show', es: 'Show' },
        description: { de: 'Show', en: 'Show', nl: 'Show', es: 'Show' },
        postBuyInfo: { de: 'Viel Spaß', en: 'Enjoy', nl: 'Veel plezier', es: 'Disfruta' },
        price: 0,
        seats: 10,
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
      })
      .returning();
    await t.ctx.db.insert(chatTicketHolders).values({ ticketId: ticket!.id, guestId: guest.id, creationType: 'C' });
    const show = await started(guest, showing.id, 'LIVESHOW');
    assert.equal(show.pricePerMinute, 0);
    await stop(guest, show.chatId);
    guest.socket.close();
  });

  it('needs 0.5 coin for a billed chat (BALANCE_TOO_LOW) and holds the first slice', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 300 });
    const poor = await chatGuest(t, { coins: 49 });
    const refused = await poor.start(performer.id, 'LIVECHAT');
    assert.equal(refused.statusCode, 402);
    assert.equal(errorCodeOf(refused), 'BALANCE_TOO_LOW');

    const enough = await chatGuest(t, { coins: 50 });
    const session = await started(enough, performer.id, 'LIVECHAT');
    assert.equal(session.heldAmount, 50, 'a hold of what the guest has, below a minute');
    assert.equal(session.secondsLeft, 10, '0.5 coin at 3 coins a minute is 10 s');
    assert.equal(await balanceOf(t.ctx.db, enough.id), 0, 'the shown balance leaves out the hold');
    assert.equal((await enough.socket.next('guestBalance')).type, 'guestBalance');

    const rich = await chatGuest(t, { coins: 10_00 });
    const other = await createPerformer(t.ctx.db, { priceVideoChat: 300 });
    const held = await started(rich, other.id, 'LIVECHAT');
    assert.equal(held.heldAmount, 300, 'one slice is held');
    assert.equal(held.secondsLeft, 60 + 2 * 60 + 20, 'the held minute, two from 7 coins and 20 s from the last coin');
    assert.equal(await balanceOf(t.ctx.db, rich.id), 7_00);
    assert.ok(held.stream.url.includes(held.chatId), 'the stream names the chat');
    await stop(enough, session.chatId);
    await stop(rich, held.chatId);
    await assertLedgerConsistent(t.ctx.db);
    for (const guest of [poor, enough, rich]) guest.socket.close();
  });

  it('allows one running chat per guest (CHAT_IN_PROGRESS), also for concurrent starts', async () => {
    const guest = await chatGuest(t, { coins: 50_00 });
    const performers = await Promise.all(Array.from({ length: 6 }, () => createPerformer(t.ctx.db)));
    const responses = await Promise.all(performers.map((p) => guest.start(p.id, 'LIVECHAT')));
    const ok = responses.filter((r) => r.statusCode === 200);
    assert.equal(ok.length, 1, responses.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      assert.equal(refused.statusCode, 409);
      assert.ok(['CHAT_IN_PROGRESS', 'WRONG_SEQUENCE_NUMBER'].includes(errorCodeOf(refused)), refused.body);
    }
    assert.ok(responses.some((r) => r.statusCode === 409 && errorCodeOf(r) === 'CHAT_IN_PROGRESS'));
    const running = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.guestId, guest.id));
    assert.equal(running.filter((c) => c.status === 'active').length, 1);
    const again = await guest.start(performers[0]!.id, 'LIVECHAT');
    assert.equal(errorCodeOf(again), 'CHAT_IN_PROGRESS');
    await stop(guest, ok[0]!.json<ChatSession>().chatId);
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
  });

  it('refuses a performer in a single chat (ACTOR_BUSY) and times out when another takes her first', async () => {
    const performer = await createPerformer(t.ctx.db);
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => chatGuest(t, { coins: 20_00 })));
    const race = await Promise.all([
      first!.start(performer.id, 'VIDEO_CALL'),
      second!.start(performer.id, 'VIDEO_CALL'),
    ]);
    const codes = race.map((r) => (r.statusCode === 200 ? 'OK' : errorCodeOf(r))).sort();
    assert.deepEqual(codes, ['CHAT_START_TIMEOUT', 'OK'], 'she takes one of two calls started at once');
    const busy = await third!.start(performer.id, 'LIVECHAT');
    assert.equal(busy.statusCode, 409);
    assert.equal(errorCodeOf(busy), 'ACTOR_BUSY');
    const winner = race[0]!.statusCode === 200 ? first! : second!;
    await stop(winner, race.find((r) => r.statusCode === 200)!.json<ChatSession>().chatId);
    for (const guest of [first, second, third]) guest!.socket.close();
  });

  it('answers ACTOR_OFFLINE when the performer leaves before she takes the chat', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00 });
    const pending = guest.start(performer.id, 'LIVECHAT');
    // Into her pause before she takes it (CHAT_ACCEPT_DELAY_MS, at least 300 ms), which marks no event; should a
    // slow machine get there later, the first check answers the same ACTOR_OFFLINE with nothing held.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await updatePerformer(t.ctx.db, performer.id, { isOnline: false });
    const response = await pending;
    assert.equal(response.statusCode, 409);
    assert.equal(errorCodeOf(response), 'ACTOR_OFFLINE');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00, 'nothing was held');
    guest.socket.close();
  });
});

describe('chat ends and their exit codes', () => {
  it('stop (100) bills whole minutes and the last part by the second, and answers the same end again', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 150 });
    const guest = await chatGuest(t, { coins: 10_00 });
    const session = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(61);
    await runDueChats(t.ctx);
    const state = incomingMessages.chatState.parse(await guest.socket.next('chatState'));
    assert.deepEqual([state.billedSeconds, state.billedAmount, state.heldAmount], [60, 150, 150]);
    clock.advance(30);
    const response = await stop(guest, session.chatId);
    assert.equal(response.statusCode, 200, response.body);
    const end = chatSessionEndpoints.stop.response.parse(response.json());
    assert.equal(end.exitCode, CHAT_EXIT_CODES.clientStop);
    assert.equal(end.category, 'live_chat');
    assert.equal(end.durationSeconds, 91);
    assert.equal(end.billedAmount, 150 + Math.ceil((150 * 31) / 60));
    assert.equal(end.surveyEligible, true);
    assert.deepEqual(await chatEndPush(guest, session.chatId), { type: 'chatEnd', ...end });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00 - end.billedAmount);
    assert.deepEqual((await stop(guest, session.chatId)).json(), end, 'a stopped chat answers its end');
    const stranger = await chatGuest(t);
    assert.equal(errorCodeOf(await stop(stranger, session.chatId)), 'CHAT_NOT_FOUND');
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
    stranger.socket.close();
  });

  /** Closes the guest's socket and waits until the server has seen it go. */
  const leave = async (guest: ChatGuest) => {
    guest.socket.close();
    while (t.ctx.hub.isGuestConnected(guest.id)) await new Promise((resolve) => setImmediate(resolve));
  };

  it('a guest gone longer than the grace ends the chat (104), billed up to the moment the guest left', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 120 });
    const guest = await chatGuest(t, { coins: 50_00 });
    const session = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(50);
    await leave(guest);
    // The page is closed for 20 minutes while the scheduler runs every few seconds.
    for (let waited = 0; waited < 20 * 60; waited += 5) {
      clock.advance(5);
      await runDueChats(t.ctx);
      const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.chatId));
      if (waited + 5 < GUEST_GONE_GRACE_SECONDS) {
        assert.equal(row!.status, 'active', 'the chat waits for the guest during the grace');
        assert.equal(row!.billedSeconds, 0, 'the slice that ended after the guest left is not billed');
      } else assert.equal(row!.status, 'ended', `ended once the grace is over (${waited + 5} s away)`);
    }
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.chatId));
    const end = chatEndOf(row!, performer.name);
    assert.equal(end.exitCode, CHAT_EXIT_CODES.clientConnectionLost);
    assert.equal(end.durationSeconds, 50);
    assert.equal(end.billedAmount, Math.ceil((120 * 50) / 60));
    assert.equal(await balanceOf(t.ctx.db, guest.id), 50_00 - end.billedAmount);
    // The guest's next page learns the end, as from any other end.
    const back = await openSocketSession(t.app, guest.token);
    assert.deepEqual((await stop(guest, session.chatId)).json(), end);
    await assertLedgerConsistent(t.ctx.db);
    back.close();
  });

  it('a guest back within the grace chats on, billed as if never away; a preview ends as previewGuestOffline (408)', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 120 });
    const guest = await chatGuest(t, { coins: 10_00 });
    const session = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(40);
    await leave(guest);
    clock.advance(GUEST_GONE_GRACE_SECONDS - 5);
    await runDueChats(t.ctx);
    const back = await openSocketSession(t.app, guest.token);
    clock.advance(10);
    await runDueChats(t.ctx);
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.chatId));
    assert.deepEqual([row!.status, row!.billedSeconds], ['active', 60], 'the slice the guest came back to is billed');
    await stop(guest, session.chatId);
    back.close();

    const visitor = await chatGuest(t, { anonymous: true });
    const preview = await started(visitor, performer.id, 'LIVE_PREVIEW');
    clock.advance(2);
    await leave(visitor);
    clock.advance(GUEST_GONE_GRACE_SECONDS);
    await runDueChats(t.ctx);
    const [ended] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, preview.chatId));
    assert.equal(ended!.exitCode, CHAT_EXIT_CODES.previewGuestOffline);
    assert.equal(ended!.endedAt!.getTime() - ended!.startedAt.getTime(), 2000);
    await assertLedgerConsistent(t.ctx.db);
  });

  it('a performer going off line ends her chats: hostOffline (202), previews previewOffline (405)', async () => {
    const performer = await createPerformer(t.ctx.db, { isOnline: false });
    const minute = clock.now().getUTCHours() * 60 + clock.now().getUTCMinutes();
    await addOnlineWindow(t.ctx.db, { actorId: performer.id, startMinute: minute, endMinute: (minute + 2) % 1440 });
    const guest = await chatGuest(t, { coins: 10_00 });
    const visitor = await chatGuest(t, { anonymous: true });
    const change = await applyOnlineSchedule(t.ctx);
    assert.ok(change.online.some((a) => a.id === performer.id));
    // Her window closes 3 s after both chats start, while the 5 s preview still runs.
    clock.advance(120 - clock.now().getUTCSeconds() - 3);
    const chat = await started(guest, performer.id, 'LIVECHAT');
    const preview = await started(visitor, performer.id, 'LIVE_PREVIEW');
    clock.advance(3);
    const left = await applyOnlineSchedule(t.ctx);
    assert.ok(left.offline.some((a) => a.id === performer.id));
    let offline = incomingMessages.actorOffline.parse(await guest.socket.next('actorOffline'));
    while (offline.actorId !== performer.id)
      offline = incomingMessages.actorOffline.parse(await guest.socket.next('actorOffline'));
    assert.equal(offline.actorName, performer.name);
    assert.equal((await chatEndPush(guest, chat.chatId)).exitCode, CHAT_EXIT_CODES.hostOffline);
    assert.equal((await chatEndPush(visitor, preview.chatId)).exitCode, CHAT_EXIT_CODES.previewOffline);
    assert.deepEqual(await activeChatsOfActor(t.ctx.db, performer.id), []);
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
    visitor.socket.close();
  });

  it('an operator kicks a chat (301); guests may not', async () => {
    const performer = await createPerformer(t.ctx.db, { isVoyeurChatAvailable: true });
    const guest = await chatGuest(t, { coins: 10_00 });
    const session = await started(guest, performer.id, 'VOYEUR_CHAT');
    const notOperator = await guest.post('/chat/kick', { chatId: session.chatId });
    assert.equal(notOperator.statusCode, 403);
    const { guest: signed } = await t.signup({
      email: `operator-${Date.now()}@example.com`,
      password: 'operator password',
    });
    await t.ctx.db.update(guests).set({ operator: true }).where(eq(guests.id, signed.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      payload: { email: signed.email, password: 'operator password' },
    });
    const operatorToken = login.json<{ accessToken: string }>().accessToken;
    const kicked = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/chat/kick',
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { chatId: session.chatId },
    });
    assert.equal(kicked.statusCode, 200, kicked.body);
    assert.equal(kicked.json<ChatEnd>().exitCode, CHAT_EXIT_CODES.adminKick);
    const end = await chatEndPush(guest, session.chatId);
    assert.equal(end.exitCode, 301);
    assert.equal(end.category, 'voyeur_cam');
    guest.socket.close();
  });

  it('ends with out of money (501) at the second the coins covered', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 100 });
    const guest = await chatGuest(t, { coins: 150 });
    const session = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(60);
    await runDueChats(t.ctx);
    const state = incomingMessages.chatState.parse(await guest.socket.next('chatState'));
    assert.deepEqual([state.heldAmount, state.secondsLeft], [50, 30]);
    clock.advance(45);
    await runDueChats(t.ctx);
    const end = await chatEndPush(guest, session.chatId);
    assert.equal(end.exitCode, CHAT_EXIT_CODES.outOfMoney);
    assert.equal(end.durationSeconds, 90);
    assert.equal(end.billedAmount, 150);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
  });

  it('a free text chat ends after its countdown (502), a preview after 5 s or 20 s for VIPs (503)', async () => {
    const performer = await createPerformer(t.ctx.db, { freeChat: true });
    const guest = await chatGuest(t);
    const free = await started(guest, performer.id, 'FREECHAT');
    assert.equal(new Date(free.endsAt!).getTime() - new Date(free.startedAt).getTime(), 60_000);
    const visitor = await chatGuest(t, { anonymous: true });
    const preview = await started(visitor, performer.id, 'LIVE_PREVIEW');
    const vip = await chatGuest(t, { vip: true });
    const vipPreview = await started(vip, performer.id, 'LIVE_PREVIEW');
    assert.equal(new Date(vipPreview.endsAt!).getTime() - new Date(vipPreview.startedAt).getTime(), 20_000);
    clock.advance(5);
    await runDueChats(t.ctx);
    assert.equal((await chatEndPush(visitor, preview.chatId)).exitCode, CHAT_EXIT_CODES.timeLimit);
    clock.advance(15);
    await runDueChats(t.ctx);
    assert.equal((await chatEndPush(vip, vipPreview.chatId)).exitCode, CHAT_EXIT_CODES.timeLimit);
    clock.advance(40);
    await runDueChats(t.ctx);
    const end = await chatEndPush(guest, free.chatId);
    assert.equal(end.exitCode, CHAT_EXIT_CODES.textTimeLimit);
    assert.equal(end.billedAmount, 0);
    for (const g of [guest, visitor, vip]) g.socket.close();
  });

  it('ends previews for a single chat (406), a switched-off preview (407) and past the hourly limit (404)', async () => {
    const performer = await createPerformer(t.ctx.db);
    const visitor = await chatGuest(t, { anonymous: true });
    const preview = await started(visitor, performer.id, 'LIVE_PREVIEW');
    const caller = await chatGuest(t, { coins: 10_00 });
    const call = await started(caller, performer.id, 'VIDEO_CALL');
    assert.equal((await chatEndPush(visitor, preview.chatId)).exitCode, CHAT_EXIT_CODES.previewSingle);
    await stop(caller, call.chatId);

    const second = await started(visitor, performer.id, 'LIVE_PREVIEW');
    await updatePerformer(t.ctx.db, performer.id, { isLivePreviewEnabled: false });
    await runDueChats(t.ctx);
    assert.equal((await chatEndPush(visitor, second.chatId)).exitCode, CHAT_EXIT_CODES.previewDisabled);
    await updatePerformer(t.ctx.db, performer.id, { isLivePreviewEnabled: true });

    for (let i = 2; i < PREVIEW_HOUR_LIMIT; i++) {
      const more = await started(visitor, performer.id, 'LIVE_PREVIEW');
      assert.equal(
        await endChat(t.ctx, more.chatId, 'clientStop').then((e) => e?.exitCode),
        CHAT_EXIT_CODES.clientStop,
      );
      await chatEndPush(visitor, more.chatId);
    }
    const beyond = await started(visitor, performer.id, 'LIVE_PREVIEW');
    assert.equal((await chatEndPush(visitor, beyond.chatId)).exitCode, CHAT_EXIT_CODES.previewHourLimit);
    clock.advance(3601);
    const nextHour = await started(visitor, performer.id, 'LIVE_PREVIEW');
    assert.equal(nextHour.chatType, 'LIVE_PREVIEW');
    await endChat(t.ctx, nextHour.chatId, 'clientStop');
    visitor.socket.close();
    caller.socket.close();
  });

  it('endChat ends a chat once (908 when a show starts) and answers null after', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 90 });
    const guest = await chatGuest(t, { coins: 10_00 });
    const session = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(20);
    const [a, b] = await Promise.all([
      endChat(t.ctx, session.chatId, 'liveShowStarted'),
      endChat(t.ctx, session.chatId, 'liveShowStarted'),
    ]);
    const ended = [a, b].filter((e) => e !== null);
    assert.equal(ended.length, 1, 'one of two concurrent ends ends it');
    assert.equal(ended[0]!.exitCode, CHAT_EXIT_CODES.liveShowStarted);
    assert.equal(ended[0]!.billedAmount, 30);
    assert.equal(await endChat(t.ctx, session.chatId, 'liveShowStarted'), null);
    assert.equal((await chatEndPush(guest, session.chatId)).exitCode, 908);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00 - 30);
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
  });
});

describe('chat exit survey', () => {
  const survey = (guest: ChatGuest, chat: ChatSession, rating = 5) =>
    guest.post('/survey/chatexit', {
      currentUrl: 'http://localhost/en/amateur/x/chat',
      chatId: chat.chatId,
      actorId: chat.actorId,
      rating,
      chatType: chat.chatType,
    });

  it('takes one answer for the guest’s own ended chat of at least 30 s', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00 });
    const short = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(29);
    assert.equal(errorCodeOf(await survey(guest, short)), 'CHAT_TOO_SHORT', 'still running');
    await stop(guest, short.chatId);
    const tooShort = await survey(guest, short);
    assert.equal(tooShort.statusCode, 409);
    assert.equal(errorCodeOf(tooShort), 'CHAT_TOO_SHORT');

    const long = await started(guest, performer.id, 'LIVECHAT');
    clock.advance(30);
    await stop(guest, long.chatId);
    const stranger = await chatGuest(t);
    assert.equal((await survey(stranger, long)).statusCode, 404);
    const stored = await survey(guest, long, 4);
    assert.equal(stored.statusCode, 200, stored.body);
    assert.deepEqual(stored.json(), { stored: true });
    const again = await survey(guest, long);
    assert.equal(again.statusCode, 409);
    assert.equal(errorCodeOf(again), 'SURVEY_ALREADY_STORED');
    guest.socket.close();
    stranger.socket.close();
  });
});

describe('chat messages', () => {
  const nextChatMessage = async (guest: ChatGuest) =>
    incomingMessages.chatMessage.parse(await guest.socket.next('chatMessage'));

  it('greets, echoes the guest’s line to every tab, and the performer answers in the guest’s language', async () => {
    const performer = await createPerformer(t.ctx.db);
    const guest = await chatGuest(t, { coins: 10_00, language: 'de' });
    const session = await started(guest, performer.id, 'LIVECHAT');
    const greeting = await nextChatMessage(guest);
    assert.equal(greeting.senderType, 'actor');
    const secondTab = await openSocketSession(t.app, guest.token);

    guest.socket.send({ type: 'sendChatMessage', chatId: session.chatId, text: '  Hallo du!  ' });
    const echo = await nextChatMessage(guest);
    assert.deepEqual([echo.senderType, echo.text, echo.chatId], ['guest', 'Hallo du!', session.chatId]);
    assert.equal(incomingMessages.chatMessage.parse(await secondTab.next('chatMessage')).id, echo.id);

    const sent = Date.now();
    const answer = incomingMessages.chatMessage.parse(
      await guest.socket.next('chatMessage', BOT_REPLY_DELAY_MS.max + 2000),
    );
    assert.equal(answer.senderType, 'actor');
    assert.ok(Date.now() - sent >= BOT_REPLY_DELAY_MS.min - 50, 'a human-like pause');
    const german = new Set(Array.from({ length: 50 }, (_, i) => botReply('de', null, () => (i % 7) / 7)));
    assert.ok(german.has(answer.text), `a German reply: ${answer.text}`);

    const active = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/chat/active',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    const resumed = chatSessionEndpoints.active.response.parse(active.json());
    assert.equal(resumed.chat?.chatId, session.chatId);
    assert.deepEqual(
      resumed.messages.map((m) => m.senderType),
      ['actor', 'guest', 'actor'],
    );
    await stop(guest, session.chatId);
    const after = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/chat/active',
      headers: { authorization: `Bearer ${guest.token}` },
    });
    assert.deepEqual(after.json(), { chat: null, messages: [] });
    guest.socket.close();
    secondTab.close();
  });

  it('ignores lines to a chat without text, to another guest’s chat and to an ended one', async () => {
    const performer = await createPerformer(t.ctx.db, { isVoyeurChatAvailable: true });
    const guest = await chatGuest(t, { coins: 10_00 });
    const voyeur = await started(guest, performer.id, 'VOYEUR_CHAT');
    const other = await chatGuest(t, { coins: 10_00 });
    const otherPerformer = await createPerformer(t.ctx.db);
    const otherChat = await started(other, otherPerformer.id, 'LIVECHAT');
    await other.socket.next('chatMessage');
    guest.socket.send({ type: 'sendChatMessage', chatId: voyeur.chatId, text: 'hello' });
    guest.socket.send({ type: 'sendChatMessage', chatId: otherChat.chatId, text: 'hello' });
    // What is tested is that nothing comes: an ignored line marks no event, and the handler reads the database
    // before it answers, so a ping answered proves nothing; the wait is many times such a handler's run.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(guest.socket.received.filter((m) => m.type === 'chatMessage').length, 0);
    assert.equal(other.socket.received.filter((m) => m.type === 'chatMessage').length, 0);
    await stop(guest, voyeur.chatId);
    await stop(other, otherChat.chatId);
    guest.socket.close();
    other.socket.close();
  });
});

describe('in-chat one-click top-up', () => {
  const charge = (guest: ChatGuest, amount: number, requestId: string) => {
    guest.socket.send({ type: 'chargeOneClick', amount, requestId });
    return guest.socket.next('oneClick').then((m) => incomingMessages.oneClick.parse(m));
  };
  /** A payment by card at the sandbox: 1 EUR, 4 coins. */
  const payByCard = async (guest: ChatGuest, cardNumber: string) => {
    const paid = await guest.post(
      '/payment/sandbox/charge',
      { amountEur: 1, cardNumber },
      { 'idempotency-key': crypto.randomUUID() },
    );
    assert.equal(paid.statusCode, 200, paid.body);
  };

  it('offers one-click only after a payment whose card can be charged again', async () => {
    const guest = await chatGuest(t);
    guest.socket.send({ type: 'canOneClick' });
    const offer = incomingMessages.oneClick.parse(await guest.socket.next('oneClick'));
    assert.deepEqual([offer.isPaying, offer.amounts, offer.result], [false, [500, 1000, 2000], null]);
    const refused = await charge(guest, 500, 'request-without-card');
    assert.deepEqual(refused.result, {
      requestId: 'request-without-card',
      success: false,
      errorCode: 'PAYMENT_METHOD_MISSING',
      coins: 0,
    });
    guest.socket.close();
  });

  it('charges the saved card once per request id, and refills the running chat so it goes on', async () => {
    const performer = await createPerformer(t.ctx.db, { priceVideoChat: 600 });
    const guest = await chatGuest(t);
    await payByCard(guest, SANDBOX_CARDS.succeeds);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 4_00);
    const session = await started(guest, performer.id, 'LIVECHAT');
    assert.deepEqual([session.heldAmount, session.secondsLeft], [4_00, 40]);
    clock.advance(30);
    guest.socket.received.length = 0;

    const first = await charge(guest, 500, 'top-up-request-1');
    assert.deepEqual(first.result, { requestId: 'top-up-request-1', success: true, errorCode: null, coins: 20_00 });
    assert.equal(first.isPaying, true);
    const state = incomingMessages.chatState.parse(await guest.socket.next('chatState'));
    assert.equal(state.heldAmount, 6_00, 'the hold is a whole slice again');
    assert.equal(state.secondsLeft, 30 + 3 * 60);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 20_00 - 2_00);
    // Pushed before the oneClick answer, on the same socket: the last balance pushed is what the refill left.
    const pushed = guest.socket.received.filter((m) => m.type === 'guestBalance');
    assert.equal(
      incomingMessages.guestBalance.parse(pushed.at(-1)).balance,
      18,
      'what the refill of the hold left reaches every open page',
    );

    const repeat = await charge(guest, 500, 'top-up-request-1');
    assert.deepEqual(repeat.result, first.result, 'a repeated request answers the first');
    const other = await charge(guest, 1000, 'top-up-request-1');
    assert.equal(other.result?.errorCode, 'IDEMPOTENCY_KEY_REUSED');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 18_00, 'credited once');

    clock.advance(30);
    await runDueChats(t.ctx);
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.chatId));
    assert.equal(row!.status, 'active', 'the chat went on past the 40 s the first coins paid for');
    assert.equal(row!.billedAmount, 6_00);
    await stop(guest, session.chatId);
    await assertLedgerConsistent(t.ctx.db);
    guest.socket.close();
  });

  it('only the offered amounts are charged (VALIDATION_FAILED otherwise)', async () => {
    const guest = await chatGuest(t);
    await payByCard(guest, SANDBOX_CARDS.succeeds);
    for (const amount of [100, 101, 501, 1999]) {
      const refused = await charge(guest, amount, `not-offered-${amount}`);
      assert.deepEqual([refused.result?.success, refused.result?.errorCode], [false, 'VALIDATION_FAILED']);
    }
    assert.equal(await balanceOf(t.ctx.db, guest.id), 4_00, 'nothing credited');
    guest.socket.close();
  });

  it('a declined saved card answers success false with PAYMENT_DECLINED and credits nothing', async () => {
    const guest = await chatGuest(t);
    await payByCard(guest, SANDBOX_CARDS.declinedOnReuse);
    const declined = await charge(guest, 500, 'declined-request');
    assert.deepEqual(declined.result, {
      requestId: 'declined-request',
      success: false,
      errorCode: 'PAYMENT_DECLINED',
      coins: 0,
    });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 4_00);
    guest.socket.close();
  });
});
