import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { IncomingMessage } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession, type TestSocket } from '../../testing/socket';
import { guests } from '../auth/schema';
import { setFavorite } from '../performers/favorites';
import { createPerformer, manualClock } from '../performers/fixtures';
import { notifications } from './schema';
import { HIDDEN_NOTIFICATION_TYPES, NOTIFICATION_TYPES, notify } from './service';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
before(async () => {
  t = await createTestApp();
  clock = manualClock(t);
});
after(() => t.close());

const next = async (socket: TestSocket) => (await socket.next('notifications')) as IncomingMessage<'notifications'>;

async function navbar(socket: TestSocket, newest = 5) {
  socket.send({ type: 'requestNavbarNotifications', newest });
  return next(socket);
}

describe('notifications', () => {
  test('a favourite coming on line notifies her fans in their language, and only them', async () => {
    const performer = await createPerformer(t.ctx.db, { isOnline: false });
    const fan = await t.signup();
    const stranger = await t.signup();
    await t.ctx.db.update(guests).set({ language: 'nl' }).where(eq(guests.id, fan.guest.id));
    await setFavorite(t.ctx.db, fan.guest.id, performer.id, true);
    const socket = await openSocketSession(t.app, fan.accessToken);
    const strangers = await openSocketSession(t.app, stranger.accessToken);
    try {
      t.ctx.hooks.performersOnline!([{ id: performer.id, name: performer.name }]);
      const pushed = await next(socket);
      assert.equal(pushed.notifications.length, 1);
      assert.equal(pushed.notifications[0]!.text, `Je favoriet ${performer.name} is nu online`);
      assert.equal(pushed.notifications[0]!.unread, true);
      assert.equal(pushed.notifications[0]!.unseen, true);
      assert.deepEqual((await navbar(socket)).notifications, pushed.notifications);
      await strangers.settled();
      assert.deepEqual((await navbar(strangers)).notifications, []);
    } finally {
      socket.close();
      strangers.close();
    }
  });

  test('the navbar gets the newest five, never a hidden type', async () => {
    const guest = await t.signup();
    for (let i = 0; i < 7; i++) {
      clock.advance(60);
      await notify(t.ctx, guest.guest.id, 'message', { name: `Performer ${i}` });
    }
    clock.advance(60);
    for (const type of HIDDEN_NOTIFICATION_TYPES)
      await t.ctx.db
        .insert(notifications)
        .values({ guestId: guest.guest.id, type, params: { name: 'hidden' }, created: t.ctx.now() });
    const socket = await openSocketSession(t.app, guest.accessToken);
    try {
      const answer = await navbar(socket, 50);
      assert.deepEqual(
        answer.notifications.map((n) => n.text),
        [6, 5, 4, 3, 2].map((i) => `Performer ${i} sent you a message`),
      );
      assert.equal((await navbar(socket, 2)).notifications.length, 2);
    } finally {
      socket.close();
    }
  });

  test('read, seen and removed singly and all at once, only by their guest', async () => {
    const owner = await t.signup();
    const other = await t.signup();
    for (let i = 0; i < 3; i++) {
      clock.advance(60);
      await notify(t.ctx, owner.guest.id, 'message', { name: `P${i}` });
    }
    const mine = await openSocketSession(t.app, owner.accessToken);
    const theirs = await openSocketSession(t.app, other.accessToken);
    const stored = () => t.ctx.db.select().from(notifications).where(eq(notifications.guestId, owner.guest.id));
    try {
      const [newest, middle, oldest] = (await navbar(mine)).notifications;
      // Another guest's messages with the owner's ids change nothing and answer nothing.
      theirs.send({ type: 'markNotificationRead', notificationId: newest!.id });
      theirs.send({ type: 'markNotificationSeen', notificationId: newest!.id });
      theirs.send({ type: 'removeNotification', notificationId: newest!.id });
      theirs.send({ type: 'markNotificationRead' });
      await theirs.settled();
      assert.ok((await stored()).every((row) => row.unread && row.unseen));
      assert.equal((await stored()).length, 3);
      assert.equal(theirs.received.filter((m) => m.type === 'notifications').length, 0);

      mine.send({ type: 'markNotificationRead', notificationId: newest!.id });
      assert.deepEqual((await next(mine)).markedAsReadIds, [newest!.id]);
      mine.send({ type: 'markNotificationSeen', notificationId: middle!.id });
      const seen = await next(mine);
      assert.deepEqual(
        seen.notifications.map((n) => [n.id, n.unseen, n.unread]),
        [[middle!.id, false, true]],
      );
      mine.send({ type: 'markNotificationRead' });
      assert.deepEqual((await next(mine)).markedAsReadIds.sort(), [middle!.id, oldest!.id].sort());
      // Nothing left to change: no answer.
      mine.send({ type: 'markNotificationRead' });
      await mine.settled();
      assert.equal(mine.received.filter((m) => m.type === 'notifications').length, 0);
      mine.send({ type: 'markNotificationSeen' });
      assert.equal((await next(mine)).notifications.length, 2);
      mine.send({ type: 'removeNotification', notificationId: oldest!.id });
      assert.deepEqual((await next(mine)).removedIds, [oldest!.id]);
      const rows = await stored();
      assert.deepEqual(rows.map((row) => row.id).sort(), [newest!.id, middle!.id].sort());
      assert.ok(rows.every((row) => !row.unread && !row.unseen));
      assert.equal(rows[0]!.type, NOTIFICATION_TYPES.message);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  test('a malformed id is dropped', async () => {
    const guest = await t.signup();
    const socket = await openSocketSession(t.app, guest.accessToken);
    try {
      socket.send({ type: 'removeNotification', notificationId: 'not-an-id' });
      await socket.settled();
      assert.deepEqual((await navbar(socket)).notifications, []);
    } finally {
      socket.close();
    }
  });
});
