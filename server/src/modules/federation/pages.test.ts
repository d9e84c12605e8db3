import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { federationManifest, type ErrorBody, type RemoteDescriptor } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo, remoteBuild, repositoryDescriptor } from '../../testing/fixtures';

// A remote ships a page of its own: its build declares the route and the menu entry, the registry stores it, a pin
// makes the server serve the page and list the entry, a rollback takes both away; no shell build, no restart.

const specials = repositoryDescriptor('mf-specials');
const chat = repositoryDescriptor('mf-chat');
const bingoSlugs = { de: 'spiele/bingo', en: 'games/bingo', es: 'juegos/bingo' };

/** mf-specials with one more page, `bingo`, under the specials menu. */
const withBingo: RemoteDescriptor = {
  ...specials,
  routes: [...specials.routes, { name: 'bingo', path: bingoSlugs, args: [] }],
  menus: [...specials.menus, { where: 'navbar', parent: 'specials', route: 'bingo', label: 'routes.bingo', order: 60 }],
  messages: {
    de: { ...specials.messages.de, 'routes.bingo': 'Bingo spielen' },
    en: { ...specials.messages.en, 'routes.bingo': 'Play bingo' },
    nl: { ...specials.messages.nl, 'routes.bingo': 'Bingo spelen' },
    es: { ...specials.messages.es, 'routes.bingo': 'Jugar al bingo' },
  },
};
const bingoUrls = ['/de/spiele/bingo/', '/en/games/bingo', '/es/juegos/bingo/', '/nl/games/bingo/'];

let t: TestApp;
let repoRoot: string;
let operatorToken: string;

before(async () => {
  repoRoot = await fixtureRepo([
    { descriptor: chat, version: '1.0.0' },
    { descriptor: specials, version: '1.0.0' },
  ]);
  // Shared reads kept a minute: a pin or rollback must reach the next page request all the same.
  t = await createTestApp({ config: { repoRoot, visitorCacheMs: 60_000 } });
  operatorToken = await t.operatorToken();
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

const headers = () => ({ authorization: `Bearer ${operatorToken}` });
const upload = async (descriptor: RemoteDescriptor, version: string) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1/federation/remotes/${descriptor.name}/versions/${version}`,
    headers: { 'content-type': 'application/gzip', ...headers() },
    payload: await remoteBuild(descriptor, `v${version}`),
  });
const registry = (method: 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/rest/v1/federation${url}`, headers: headers(), ...(payload ? { payload } : {}) });
const statusOf = async (url: string) => (await t.app.inject({ url })).statusCode;

async function bingoInManifest(tenant: string) {
  const response = await t.app.inject({ url: `/rest/v1/federation/manifest?tenant=${tenant}` });
  assert.equal(response.statusCode, 200, response.body);
  const remote = federationManifest.parse(response.json()).remotes.find((r) => r.name === 'mf-specials');
  return {
    route: remote?.descriptor.routes.find((route) => route.name === 'bingo'),
    menu: remote?.descriptor.menus.find((entry) => entry.route === 'bingo'),
    label: remote?.descriptor.messages.es['routes.bingo'],
  };
}

function assertError(response: { statusCode: number; body: string; json<T>(): T }, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json<ErrorBody>().code, code);
}

describe('deploying a page alone', () => {
  test('a pinned build with one more route serves the page in every language and lists its menu entry', async () => {
    for (const url of bingoUrls) assert.equal(await statusOf(url), 404, url);

    assert.equal((await upload(withBingo, '1.1.0')).statusCode, 200);
    // stored is not served: the tenant still runs 1.0.0
    assert.equal(await statusOf('/en/games/bingo'), 404);

    const pin = await registry('PUT', '/tenants/velvet/remotes/mf-specials/pin', { version: '1.1.0' });
    assert.equal(pin.statusCode, 200, pin.body);
    for (const url of bingoUrls) assert.equal(await statusOf(url), 200, url);
    // the remote's other pages and the other remote's stay
    assert.equal(await statusOf('/de/tagesangebote'), 200);
    assert.equal(await statusOf('/es/chicas-nuevas'), 200);
    const served = await bingoInManifest('velvet');
    assert.deepEqual(served.route, { name: 'bingo', path: bingoSlugs, args: [] });
    assert.deepEqual(served.menu, withBingo.menus.at(-1));
    assert.equal(served.label, 'Jugar al bingo');
    // a tenant that has specials switched off serves none of its pages
    assert.equal(await statusOf('/en/games/bingo?tenant=amora'), 404);
  });

  test('a rollback takes the page and its menu entry away again', async () => {
    const rollback = await registry('POST', '/tenants/velvet/remotes/mf-specials/rollback');
    assert.equal(rollback.statusCode, 200, rollback.body);
    for (const url of bingoUrls) assert.equal(await statusOf(url), 404, url);
    assert.equal(await statusOf('/de/tagesangebote'), 200);
    const served = await bingoInManifest('velvet');
    assert.equal(served.route, undefined);
    assert.equal(served.menu, undefined);
  });
});

describe('route conflicts', () => {
  const claiming = (route: RemoteDescriptor['routes'][number]): RemoteDescriptor => ({
    ...specials,
    routes: [...specials.routes, route],
  });

  test("a build claiming another remote's slugs, its route name or a shell page is refused with 422", async () => {
    // es 'chat-gratis' is mf-chat's freeChat; the other languages differ
    const slugs = await upload(
      claiming({ name: 'freeGames', path: { de: 'gratis-spiele', en: 'free-games', es: 'chat-gratis' }, args: [] }),
      '1.2.0',
    );
    assertError(slugs, 422, 'ROUTE_CONFLICT');
    assert.match(slugs.json<ErrorBody>().message, /es slugs of mf-chat route freeChat/);
    // the same pattern with another parameter name is the same claim
    const pattern = claiming({
      name: 'performer',
      path: { de: 'leute/:who', en: 'people/:who', es: 'amateur/:who' },
      args: ['who'],
    });
    assertError(await upload(pattern, '1.2.0'), 422, 'ROUTE_CONFLICT');
    const name = claiming({ name: 'cams', path: bingoSlugs, args: [] });
    assertError(await upload(name, '1.2.0'), 422, 'ROUTE_CONFLICT');
    const shell = claiming({ name: 'terms', path: { de: 'agb', en: 'our-terms', es: 'terminos' }, args: [] });
    assertError(await upload(shell, '1.2.0'), 422, 'ROUTE_CONFLICT');
    // nothing of the refused builds was stored
    assert.equal((await upload(withBingo, '1.2.0')).statusCode, 200);
  });

  test('a version whose slugs another remote took since it was stored cannot be pinned or canaried', async () => {
    // stored while no pinned remote has games/bingo: mf-specials 1.2.0 with bingo is only stored
    const chatWithBingo: RemoteDescriptor = {
      ...chat,
      routes: [...chat.routes, { name: 'camBingo', path: bingoSlugs, args: [] }],
    };
    assert.equal((await upload(chatWithBingo, '2.0.0')).statusCode, 200);
    assert.equal(
      (await registry('PUT', '/tenants/velvet/remotes/mf-specials/pin', { version: '1.2.0' })).statusCode,
      200,
    );
    assertError(
      await registry('PUT', '/tenants/velvet/remotes/mf-chat/pin', { version: '2.0.0' }),
      422,
      'ROUTE_CONFLICT',
    );
    assertError(
      await registry('PUT', '/tenants/amora/remotes/mf-chat/canary', { version: '2.0.0', percent: 10 }),
      422,
      'ROUTE_CONFLICT',
    );
    // the page stays the one remote's
    assert.equal(await statusOf('/en/games/bingo'), 200);
  });
});
