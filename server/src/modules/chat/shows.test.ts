import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CHAT_EXIT_CODES, buyChatTicketMutation, type IncomingMessage } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { chatSessions, chatTickets } from './schema';
import { setAvsStatus } from '../auth/age';
import { createRatedPerformer } from '../performers/age-fixtures';
import { findPerformer } from '../performers/catalogue';
import { NEXT_SHOW_LEAD_MINUTES } from './seed-tickets';
import { assertLedgerConsistent, chatGuest, type ChatGuest } from './session-fixtures';
import { addOnlineWindow, createPerformer, manualClock } from '../performers/fixtures';
import { keepShowsComing, runShowTick } from './shows';

const MINUTE = 60_000;
const PRICE = 20_00;

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
before(async () => {
  t = await createTestApp();
  clock = manualClock(t);
});
after(() => t.close());

async function createShow(actorId: number, values: Partial<typeof chatTickets.$inferInsert> = {}) {
  const now = clock.now().getTime();
  const [row] = await t.ctx.db
    .insert(chatTickets)
    .values({
      actorId,
      title: { de: 'Show', en: 'Show', nl: 'Show', es: 'Show' },
      description: { de: 'Eine Show', en: 'A show', nl: 'Een show', es: 'Un show' },
      postBuyInfo: { de: 'Sei pünktlich', en: 'Come in time', nl: 'Wees op tijd', es: 'Sé puntual' },
      price: PRICE,
      seats: 10,
      startsAt: new Date(now + MINUTE),
      endsAt: new Date(now + 31 * MINUTE),
      ...values,
    })
    .returning();
  return row!;
}

async function buyTicket(guest: ChatGuest, ticketId: number, modelId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${guest.token}` },
    payload: { query: buyChatTicketMutation.document, variables: { id: ticketId, modelId } },
  });
  assert.equal(response.json().data.buyChatTicket.success, true, response.body);
}

const inShow = async (actorId: number) => (await findPerformer(t.ctx.db, actorId))!.isCurrentlyTicketShow;

/** Messages of a type that arrived, once all the server sent so far has (the job's sends happen as it runs). */
async function arrived(guest: ChatGuest, type: IncomingMessage['type']) {
  await guest.socket.settled();
  return guest.socket.received.filter((m) => m.type === type);
}

describe('show lifecycle job', () => {
  it('starts a show once: flag on, the performer’s private chats end, holders are invited once', async () => {
    const performer = await createPerformer(t.ctx.db);
    const show = await createShow(performer.id);
    const [holder, other, chatter] = await Promise.all([
      chatGuest(t, { coins: PRICE }),
      chatGuest(t, { coins: PRICE }),
      chatGuest(t, { coins: 10_00 }),
    ]);
    await buyTicket(holder, show.id, performer.id);
    const chat = await chatter.start(performer.id, 'LIVECHAT');
    assert.equal(chat.statusCode, 200, chat.body);

    assert.deepEqual((await runShowTick(t.ctx)).started, [], 'nothing before the start');
    assert.equal(await inShow(performer.id), false);

    clock.advance(61);
    const tick = await runShowTick(t.ctx);
    assert.deepEqual(tick.started, [show.id]);
    assert.equal(await inShow(performer.id), true);
    const invitation = await holder.socket.next('privateTicketShowInvitation');
    assert.deepEqual(invitation, {
      type: 'privateTicketShowInvitation',
      actorName: performer.name,
      profilePicture: performer.avatarUrl,
      actorId: performer.id,
      ticketId: show.id,
    });
    assert.deepEqual(await arrived(other, 'privateTicketShowInvitation'), [], 'only holders are invited');
    // The holder's notification centre has the show's start too; nobody else's.
    const notified = (await holder.socket.next('notifications')) as IncomingMessage<'notifications'>;
    assert.deepEqual(
      notified.notifications.map((n) => n.text),
      [`${performer.name}'s ticket show is starting now`],
    );
    assert.deepEqual(await arrived(other, 'notifications'), []);
    const end = await chatter.socket.next('chatEnd');
    assert.equal((end as { exitCode: number }).exitCode, CHAT_EXIT_CODES.liveShowStarted);
    const [session] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.guestId, chatter.id));
    assert.deepEqual([session!.status, session!.exitCode], ['ended', CHAT_EXIT_CODES.liveShowStarted]);

    // Later runs, as after a restart, do not invite again.
    assert.deepEqual((await runShowTick(t.ctx)).started, []);
    clock.advance(10);
    assert.deepEqual((await runShowTick(t.ctx)).started, []);
    assert.deepEqual(await arrived(holder, 'privateTicketShowInvitation'), []);
    const [row] = await t.ctx.db.select().from(chatTickets).where(eq(chatTickets.id, show.id));
    assert.ok(row!.invitationsSentAt, 'the start is recorded');

    clock.advance(30 * 60);
    assert.deepEqual((await runShowTick(t.ctx)).ended, [show.id]);
    assert.equal(await inShow(performer.id), false, 'the flag goes off at the end');
    assert.deepEqual((await runShowTick(t.ctx)).ended, [], 'an end is handled once');
    await assertLedgerConsistent(t.ctx.db);
  });

  it('invites each holder with the picture of a performer rated 18 through the holder’s age gate', async () => {
    const performer = await createRatedPerformer(t.ctx.db);
    const show = await createShow(performer.id);
    const [guest, verified] = await Promise.all([chatGuest(t, { coins: PRICE }), chatGuest(t, { coins: PRICE })]);
    await setAvsStatus(t.ctx.db, verified.id, 'accepted');
    for (const holder of [guest, verified]) await buyTicket(holder, show.id, performer.id);
    clock.advance(61);
    assert.deepEqual((await runShowTick(t.ctx)).started, [show.id]);
    const pictureOf = async (holder: ChatGuest) =>
      ((await holder.socket.next('privateTicketShowInvitation')) as { profilePicture: string }).profilePicture;
    assert.equal(await pictureOf(guest), t.ctx.images.blurredUrl(performer.avatarUrl), 'unverified guest');
    assert.equal(await pictureOf(verified), t.ctx.images.signedUrl(performer.avatarUrl, clock.now()), 'verified guest');
    assert.notEqual(t.ctx.images.blurredUrl(performer.avatarUrl), performer.avatarUrl);
    clock.advance(30 * 60);
    assert.deepEqual((await runShowTick(t.ctx)).ended, [show.id]);
  });

  it('announces a free show to everyone at its start and end', async () => {
    const performer = await createPerformer(t.ctx.db);
    const show = await createShow(performer.id, { price: 0 });
    const watcher = await chatGuest(t);
    clock.advance(61);
    await runShowTick(t.ctx);
    assert.deepEqual(await watcher.socket.next('freeShowStart'), { type: 'freeShowStart', actorId: performer.id });
    clock.advance(30 * 60);
    assert.deepEqual((await runShowTick(t.ctx)).ended, [show.id]);
    assert.deepEqual(await watcher.socket.next('freeShowStop'), { type: 'freeShowStop', actorId: performer.id });
  });

  it('keeps a performer in show through back-to-back shows and clears a flag no show backs', async () => {
    const performer = await createPerformer(t.ctx.db);
    const start = clock.now().getTime();
    const first = await createShow(performer.id, {
      startsAt: new Date(start + MINUTE),
      endsAt: new Date(start + 11 * MINUTE),
    });
    const second = await createShow(performer.id, {
      startsAt: new Date(start + 11 * MINUTE),
      endsAt: new Date(start + 21 * MINUTE),
    });
    clock.advance(61);
    assert.deepEqual((await runShowTick(t.ctx)).started, [first.id]);
    clock.advance(10 * 60);
    const handover = await runShowTick(t.ctx);
    assert.deepEqual([handover.started, handover.ended], [[second.id], [first.id]]);
    assert.equal(await inShow(performer.id), true);
    await t.ctx.db.update(chatTickets).set({ status: 'cancelled' }).where(eq(chatTickets.id, second.id));
    await runShowTick(t.ctx);
    assert.equal(await inShow(performer.id), false, 'a cancelled running show leaves no flag');
  });

  it('never starts a show that ended while the server was down', async () => {
    const performer = await createPerformer(t.ctx.db);
    const now = clock.now().getTime();
    await createShow(performer.id, { startsAt: new Date(now - 40 * MINUTE), endsAt: new Date(now - 10 * MINUTE) });
    const tick = await runShowTick(t.ctx);
    assert.deepEqual([tick.started, tick.ended], [[], []]);
    assert.equal(await inShow(performer.id), false);
  });

  it('keeps a show coming by a demo performer on line long enough (a living site)', async () => {
    clock.advance(24 * 60 * 60);
    assert.equal(await keepShowsComing(t.ctx), null, 'nobody has online windows yet');
    const performer = await createPerformer(t.ctx.db);
    await addOnlineWindow(t.ctx.db, { actorId: performer.id, startMinute: 0, endMinute: 1439 });
    const planned = await keepShowsComing(t.ctx);
    assert.ok(planned);
    const [show] = await t.ctx.db.select().from(chatTickets).where(eq(chatTickets.id, planned));
    assert.equal(show!.actorId, performer.id);
    const lead = show!.startsAt.getTime() - clock.now().getTime();
    assert.ok(lead > (NEXT_SHOW_LEAD_MINUTES - 1) * MINUTE && lead <= NEXT_SHOW_LEAD_MINUTES * MINUTE, `${lead} ms`);
    assert.deepEqual(Object.keys(show!.title).sort(), ['de', 'en', 'es', 'nl']);
    assert.equal(await keepShowsComing(t.ctx), null, 'one show is coming already');
  });

  it('plans no show for a performer named in DEMO_ALWAYS_ONLINE: a show would end her private chats', async () => {
    clock.advance(24 * 60 * 60);
    const performer = await createPerformer(t.ctx.db);
    await addOnlineWindow(t.ctx.db, { actorId: performer.id, startMinute: 0, endMinute: 1439 }, { only: true });
    const pinned = { ...t.ctx, config: { ...t.ctx.config, demoAlwaysOnline: [performer.name] } };
    assert.equal(await keepShowsComing(pinned), null);
    const planned = await keepShowsComing(t.ctx);
    assert.ok(planned, 'not pinned, she plans one');
    const [show] = await t.ctx.db.select().from(chatTickets).where(eq(chatTickets.id, planned));
    assert.equal(show!.actorId, performer.id);
  });
});
