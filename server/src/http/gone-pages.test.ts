import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { IncomingMessage } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { fixtureRepo, repositoryDescriptor } from '../testing/fixtures';
import { openSocketSession } from '../testing/socket';

let t: TestApp;
let repoRoot: string;
before(async () => {
  repoRoot = await fixtureRepo([{ descriptor: repositoryDescriptor('mf-specials'), version: '1.0.0' }]);
  t = await createTestApp({ config: { repoRoot } });
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

const setNow = (time: number) => {
  t.ctx.now = () => new Date(time);
};
const START = Date.parse('2026-05-04T12:00:00Z');
const page = (url: string, visitor?: string) =>
  t.app.inject({ url, headers: visitor ? { cookie: `other=1; velvet.visitor=${visitor}` } : {} });
const shown = (message: IncomingMessage) => (message as IncomingMessage<'statusBar'>).statusBar;

test('a page of the platform the tenant does not serve sends the visitor to the start page; unknown paths stay 404', async () => {
  assert.equal((await page('/en/daily-deals/')).statusCode, 200, 'served where specials run');
  // The white-label tenant has specials switched off.
  const gone = await page('/es/ofertas-del-dia/?tenant=amora', 'visitor-1');
  assert.equal(gone.statusCode, 302);
  assert.equal(gone.headers.location, '/es/?tenant=amora');
  assert.equal(gone.headers['cache-control'], 'no-store');
  assert.equal((await page('/en/no-such-page/?tenant=amora')).statusCode, 404);
  assert.equal((await page('/en/no-such-page/')).statusCode, 404);
});

test('the guest whose browser was redirected is told in the status bar, once, for a while', async () => {
  setNow(START);
  await page('/en/daily-deals/?tenant=amora', 'visitor-2');
  const guest = await t.signup();
  const other = await t.signup();

  const socket = await openSocketSession(t.app, guest.accessToken, { cookie: 'velvet.visitor=visitor-2' });
  const notice = { type: 'notFoundRedirect', data: { path: '/en/daily-deals/' }, action: null };
  // The session's first message is what applied before the notice was taken over; the notice follows at once.
  await socket.next('statusBar');
  assert.deepEqual(shown(await socket.next('statusBar')), notice);
  assert.deepEqual(await t.ctx.statusBar.messageOf('notFoundRedirect', guest.guest.id), notice);

  // Another guest in another browser, and the same browser's next session, are not told again.
  const elsewhere = await openSocketSession(t.app, other.accessToken, { cookie: 'velvet.visitor=visitor-3' });
  const again = await openSocketSession(t.app, other.accessToken, { cookie: 'velvet.visitor=visitor-2' });
  for (const open of [elsewhere, again]) {
    assert.notEqual(shown(await open.next('statusBar'))?.type, 'notFoundRedirect');
    await open.settled();
    assert.equal(open.received.filter((m) => m.type === 'statusBar').length, 0);
  }
  assert.equal(await t.ctx.statusBar.messageOf('notFoundRedirect', other.guest.id), null);

  // A redirect older than the handover is not taken over; the notice itself goes after ten minutes.
  await page('/en/daily-deals/?tenant=amora', 'visitor-4');
  setNow(START + 61_000);
  const late = await openSocketSession(t.app, other.accessToken, { cookie: 'velvet.visitor=visitor-4' });
  await late.next('statusBar');
  await late.settled();
  assert.equal(await t.ctx.statusBar.messageOf('notFoundRedirect', other.guest.id), null);
  setNow(START + 10 * 60_000 + 1);
  assert.equal(await t.ctx.statusBar.messageOf('notFoundRedirect', guest.guest.id), null);
  for (const open of [socket, elsewhere, again, late]) open.close();
});
