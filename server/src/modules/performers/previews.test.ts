import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { PROFILE_PREVIEW_SEDCARDS, type ActorImage, type ErrorBody, type ProfilePreview } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { setFavorite } from './favorites';
import { actors } from './schema';

/** The routes against one server: PGlite, or a PostgreSQL database. */
function suite(open: () => Promise<TestApp>) {
  let t: TestApp;
  let anonymous: string;

  before(async () => {
    t = await open();
    anonymous = await t.anonymousToken();
  });
  after(() => t.close());

  const code = (body: string) => (JSON.parse(body) as ErrorBody).code;
  const firstPerformer = async () => (await t.ctx.db.select().from(actors).orderBy(actors.id).limit(1))[0]!;

  describe('performer preview image', () => {
    test('by id and by name in any case it is her avatar, blurred for a visitor when she is rated', async () => {
      const performer = await firstPerformer();
      const byId = await t.rest('GET', `/actor/getActorPreviewImage/${performer.id}`, anonymous);
      const byName = await t.rest('GET', `/actor/getActorPreviewImage/${performer.name.toUpperCase()}`, anonymous);
      assert.equal(byId.statusCode, 200, byId.body);
      assert.deepEqual(byId.json(), byName.json());
      const { actorId, image } = byId.json<{ actorId: number; image: ActorImage }>();
      assert.equal(actorId, performer.id);
      assert.ok(image.url.startsWith(performer.avatarUrl.replace(/\.webp$/, '')));
    });

    test('an unknown performer is 404, an over-long name 400', async () => {
      const missing = await t.rest('GET', '/actor/getActorPreviewImage/nobody-at-all', anonymous);
      assert.equal(missing.statusCode, 404);
      assert.equal(code(missing.body), 'NOT_FOUND');
      assert.equal((await t.rest('GET', `/actor/getActorPreviewImage/${'x'.repeat(61)}`, anonymous)).statusCode, 400);
    });
  });

  describe('profile preview', () => {
    test('the hover card: who she is, on line or not, her price and her first sedcards', async () => {
      const performer = await firstPerformer();
      const response = await t.rest('GET', `/phoenix/get_profile_preview/${performer.id}?language=de`, anonymous);
      assert.equal(response.statusCode, 200, response.body);
      const card = response.json<ProfilePreview>();
      assert.deepEqual(
        [card.id, card.name, card.isOnline, card.age, card.videoChatPrice],
        [performer.id, performer.name, performer.isOnline, performer.age, performer.priceVideoChat],
      );
      assert.ok(card.sedcards.length <= PROFILE_PREVIEW_SEDCARDS);
    });

    test('an unknown performer is 404, an id that is not one 400, an unknown language 400', async () => {
      assert.equal((await t.rest('GET', '/phoenix/get_profile_preview/2000000000', anonymous)).statusCode, 404);
      assert.equal((await t.rest('GET', '/phoenix/get_profile_preview/lisa', anonymous)).statusCode, 400);
      assert.equal((await t.rest('GET', '/phoenix/get_profile_preview/1?language=fr', anonymous)).statusCode, 400);
    });
  });

  describe('favourite performers', () => {
    test('answers the ids she pinned, in the order she pinned them; nothing of another guest', async () => {
      const { accessToken, guest } = await t.signup();
      const other = await t.signup();
      const ids = (await t.ctx.db.select({ id: actors.id }).from(actors).orderBy(actors.id).limit(3)).map((r) => r.id);
      for (const id of [ids[2]!, ids[0]!]) await setFavorite(t.ctx.db, guest.id, id, true);
      await setFavorite(t.ctx.db, other.guest.id, ids[1]!, true);
      const response = await t.rest('GET', '/favorite/actors', accessToken);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { actorIds: [ids[2], ids[0]] });
    });

    test('a visitor who is not logged in gets 401 LOGIN_REQUIRED, no token 401 UNAUTHORIZED', async () => {
      const visitor = await t.rest('GET', '/favorite/actors', anonymous);
      assert.equal(visitor.statusCode, 401);
      assert.equal(code(visitor.body), 'LOGIN_REQUIRED');
      assert.equal(code((await t.rest('GET', '/favorite/actors')).body), 'UNAUTHORIZED');
    });
  });

  describe('online performers amount', () => {
    test('counts the performers on line, and follows a change', async () => {
      const amount = async () => {
        const response = await t.rest('GET', '/monitoringActors/onlineActorsAmount');
        assert.equal(response.statusCode, 200);
        return response.json<{ amount: number }>().amount;
      };
      const online = await t.ctx.db.select({ id: actors.id }).from(actors).where(eq(actors.isOnline, true));
      assert.equal(await amount(), online.length);
      const performer = await firstPerformer();
      await t.ctx.db.update(actors).set({ isOnline: !performer.isOnline }).where(eq(actors.id, performer.id));
      assert.equal(await amount(), online.length + (performer.isOnline ? -1 : 1));
    });

    test('a POST is 404 (the call is a GET)', async () => {
      assert.equal((await t.rest('POST', '/monitoringActors/onlineActorsAmount', anonymous, {})).statusCode, 404);
    });
  });
}

describe('performer previews on PGlite', () => suite(() => createTestApp({ seedScale: 0.05 })));

const postgres = await startPostgres();
after(() => postgres?.stop());
describe(
  'performer previews on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () =>
    suite(async () => createTestApp({ config: { databaseUrl: await postgres!.createDatabase() }, seedScale: 0.05 })),
);
