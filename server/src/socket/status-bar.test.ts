import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { IncomingMessage, StatusBarEntry } from '@velvet/contracts';
import { authModule } from '../modules/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { openSocketSession } from '../testing/socket';

let t: TestApp;
// The auth module alone (signing up and sessions): the registry is tested with sources of the test's own.
before(async () => {
  t = await createTestApp({ modules: [authModule] });
});
after(() => t.close());

const shown = (message: IncomingMessage) => (message as IncomingMessage<'statusBar'>).statusBar;
/** A less urgent message every guest of this test sees: the age check, as the avs module shows it. */
const ageCheck: StatusBarEntry = { type: 'noavs', data: {}, action: { flow: 'ageCheck' } };

test('a guest sees the most urgent message that applies, a closed one stays away until it changes', async () => {
  t.ctx.statusBar.register('noavs', async () => ({ data: {}, action: { flow: 'ageCheck' } }));
  const guest = await t.signup();
  const applies = { error: false, notFoundRedirect: true };
  let path = '/en/vipclub/';
  t.ctx.statusBar.register('error', async (guestId) =>
    applies.error && guestId === guest.guest.id ? { data: { code: 7 }, action: null } : null,
  );
  t.ctx.statusBar.register('notFoundRedirect', async (guestId) =>
    applies.notFoundRedirect && guestId === guest.guest.id ? { data: {}, action: { href: path } } : null,
  );
  assert.throws(() => t.ctx.statusBar.register('error', async () => null), /has a source already/);

  const socket = await openSocketSession(t.app, guest.accessToken);
  const redirect: StatusBarEntry = { type: 'notFoundRedirect', data: {}, action: { href: '/en/vipclub/' } };
  assert.deepEqual(shown(await socket.next('statusBar')), redirect);

  // A more urgent message takes the bar; a refresh with nothing changed pushes nothing.
  applies.error = true;
  await t.ctx.statusBar.refresh(guest.guest.id);
  assert.deepEqual(shown(await socket.next('statusBar')), { type: 'error', data: { code: 7 }, action: null });
  await t.ctx.statusBar.refresh(guest.guest.id);
  await socket.settled();
  assert.equal(socket.received.filter((m) => m.type === 'statusBar').length, 0);

  // Closing it shows the next one; the closed one comes back only with another text.
  socket.send({ type: 'removeStatusBar', statusBarType: 'error' });
  assert.deepEqual(shown(await socket.next('statusBar')), redirect);
  socket.close();
  const again = await openSocketSession(t.app, guest.accessToken);
  assert.deepEqual(shown(await again.next('statusBar')), redirect, 'closed stays closed in a new session');
  again.send({ type: 'removeStatusBar', statusBarType: 'notFoundRedirect' });
  assert.deepEqual(shown(await again.next('statusBar')), ageCheck);
  path = '/en/feed/';
  await t.ctx.statusBar.refresh(guest.guest.id);
  assert.deepEqual(shown(await again.next('statusBar')), { ...redirect, action: { href: '/en/feed/' } });

  // Another guest sees none of it (only the age check every guest sees), and an anonymous session gets no status bar.
  const otherGuest = await t.signup();
  const other = await openSocketSession(t.app, otherGuest.accessToken);
  assert.deepEqual(shown(await other.next('statusBar')), ageCheck);
  const anonymous = await openSocketSession(t.app, await t.anonymousToken());
  await anonymous.settled();
  assert.equal(anonymous.received.filter((m) => m.type === 'statusBar').length, 0);
  for (const open of [again, other, anonymous]) open.close();
});
