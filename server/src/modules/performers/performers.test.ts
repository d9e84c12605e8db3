import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import {
  ACTOR_LIST_PAGE_SIZE,
  MIN_RATINGS_TO_SHOW,
  NEW_ACTOR_CATEGORY_ID,
  DEFAULT_ACTOR_CATEGORY_ID,
  chatEndpoints,
  errorBody,
  onlineModelsQuery,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { favoriteActors } from '../performers/schema';
import { actors } from './schema';
import { favoritePerformerIds, setFavorite } from './favorites';
import { openSocketSession } from '../../testing/socket';

let t: TestApp;
before(async () => {
  t = await createTestApp({ seedScale: 0.2, config: { trustProxy: ['loopback'] } });
});
after(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/rest/v1${url}`, headers });
  return { status: response.statusCode, body: response.json() as unknown };
}
const list = async (url: string) => {
  const response = await get(url);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return chatEndpoints.actorList.response.parse(response.body);
};
const errorCode = (body: unknown) => errorBody.parse(body).code;

describe('performer lists', () => {
  it('pages every list with the default page size of 30', async () => {
    for (const kind of ['free-chat', 'cams', 'new-girls', 'top-cams', 'cam-shows'] as const) {
      const page = await list(`/actors/list/${kind}`);
      assert.equal(page.kind, kind);
      assert.equal(page.pageSize, ACTOR_LIST_PAGE_SIZE);
      assert.equal(page.page, 1);
      assert.ok(page.items.length <= page.total);
    }
    const all = await list(`/actors/list/category?category=amateurs&pageSize=7`);
    const second = await list(`/actors/list/category?category=amateurs&pageSize=7&page=2`);
    assert.equal(all.total, 20);
    assert.equal(all.items.length, 7);
    assert.equal(second.items.length, 7);
    assert.deepEqual(
      all.items.map((a) => a.id).filter((id) => second.items.some((b) => b.id === id)),
      [],
      'pages do not overlap',
    );
  });

  it('lists what each kind promises', async () => {
    const cams = await list('/actors/list/cams');
    assert.ok(cams.items.every((a) => a.isOnline));
    const freeChat = await list('/actors/list/free-chat');
    assert.ok(freeChat.total > 0);
    assert.ok(freeChat.items.every((a) => a.freeChat && a.chatButton.freeChat));
    const newGirls = await list('/actors/list/new-girls');
    assert.ok(newGirls.total > 0);
    assert.ok(newGirls.items.every((a) => a.isNew));
    const shows = await list('/actors/list/cam-shows');
    assert.ok(shows.items.every((a) => a.isCurrentlyTicketShow));

    const top = await list('/actors/list/top-cams');
    const profiles = await Promise.all(
      top.items.map(async (a) =>
        chatEndpoints.actorData.response.parse((await get(`/actor/getActorDataByIdOrName/${a.id}`)).body),
      ),
    );
    assert.ok(profiles.every((p) => p.rating !== null));
    assert.deepEqual(
      profiles.map((p) => p.topCamRank),
      profiles.map((_, i) => i + 1),
      'the top cams list is in ranking order',
    );
  });

  it('puts online performers first where offline ones are listed too', async () => {
    const page = await list('/actors/list/category?category=amateurs');
    const firstOffline = page.items.findIndex((a) => !a.isOnline);
    assert.ok(firstOffline === -1 || page.items.slice(firstOffline).every((a) => !a.isOnline));
  });

  it('refuses an unknown kind or category and a category list without a slug', async () => {
    const unknownKind = await get('/actors/list/everyone');
    assert.equal(unknownKind.status, 400);
    assert.equal(errorCode(unknownKind.body), 'VALIDATION_FAILED');
    const noSlug = await get('/actors/list/category');
    assert.equal(noSlug.status, 400);
    assert.equal(errorCode(noSlug.body), 'VALIDATION_FAILED');
    const unknownCategory = await get('/actors/list/category?category=nope');
    assert.equal(unknownCategory.status, 404);
    assert.equal(errorCode(unknownCategory.body), 'NOT_FOUND');
    const badPage = await get('/actors/list/cams?page=0');
    assert.equal(badPage.status, 400);
  });
});

describe('categories', () => {
  it('lists the default and new-registrations categories with counts in the language asked for', async () => {
    const response = await get('/actor/categories?language=de');
    assert.equal(response.status, 200);
    const { categories } = chatEndpoints.categories.response.parse(response.body);
    const amateurs = categories.find((c) => c.id === DEFAULT_ACTOR_CATEGORY_ID);
    const newcomers = categories.find((c) => c.id === NEW_ACTOR_CATEGORY_ID);
    assert.equal(amateurs?.name, 'Amateure');
    assert.equal(amateurs?.actorCount, 20);
    assert.equal(newcomers?.name, 'Neu angemeldet');
    const newGirls = await list('/actors/list/new-girls');
    assert.equal(newcomers?.actorCount, newGirls.total);
    const online = await list('/actors/list/cams');
    assert.equal(amateurs?.onlineCount, online.total);
  });
});

describe('actor profile', () => {
  it('answers by id and by case-insensitive name with avatar, four sedcards and profile fields', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    const byName = await get(`/actor/getActorDataByIdOrName/${row.displayName.toUpperCase()}`);
    assert.equal(byName.status, 200);
    const profile = chatEndpoints.actorData.response.parse(byName.body);
    const byId = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}?qmday=2026-01-01`)).body,
    );
    assert.equal(profile.id, row.id);
    assert.equal(byId.name, row.name);
    assert.equal(profile.sedcards.length, 4);
    assert.ok(profile.sedcards.every((s) => s.url.startsWith('/media/') && s.width === 640 && s.height === 480));
    assert.equal(profile.avatar.width, 320);
    assert.equal(profile.profile.age, row.age);
    assert.ok(profile.profile.age >= 18 && profile.profile.age <= 45);
    assert.ok(profile.categories.some((c) => c.id === DEFAULT_ACTOR_CATEGORY_ID));
    assert.equal(profile.modelGuestRelation.isFavorite, false);
  });

  it('serves the generated images it links to', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    const profile = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row!.id}`)).body,
    );
    for (const url of [profile.avatar.url, profile.sedcards[0]!.url]) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
    }
  });

  it('reads the about-me text in the visitor language when the performer wrote one', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    const [language, text] = Object.entries(row.aboutMeTranslations)[0]!;
    const translated = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}?language=${language}`)).body,
    );
    assert.equal(translated.profile.aboutMe, text);
    const missing = ['de', 'en', 'nl', 'es'].find((l) => !(l in row.aboutMeTranslations));
    const fallback = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}?language=${missing}`)).body,
    );
    assert.equal(fallback.profile.aboutMe, row.aboutMe);
  });

  it('shows a rating only with at least 10 ratings', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    await t.ctx.db
      .update(actors)
      .set({ ratingCount: MIN_RATINGS_TO_SHOW - 1, ratingSum: 40, ratingGoodCount: 8 })
      .where(eq(actors.id, row.id));
    const few = chatEndpoints.actorData.response.parse((await get(`/actor/getActorDataByIdOrName/${row.id}`)).body);
    assert.equal(few.rating, null);
    assert.equal(few.topCamRank, null);
    await t.ctx.db
      .update(actors)
      .set({ ratingCount: MIN_RATINGS_TO_SHOW, ratingSum: 45, ratingGoodCount: 9 })
      .where(eq(actors.id, row.id));
    const enough = chatEndpoints.actorData.response.parse((await get(`/actor/getActorDataByIdOrName/${row.id}`)).body);
    assert.deepEqual(enough.rating, { average: 4.5, count: 10, satisfactionRate: 90 });
    assert.ok(enough.topCamRank !== null && enough.topCamRank >= 1);
  });

  it('flags a performer banned in the visitor country', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    await t.ctx.db
      .update(actors)
      .set({ bannedCountryCodes: ['DE'] })
      .where(eq(actors.id, row.id));
    const fromGermany = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}`, { 'cf-ipcountry': 'de' })).body,
    );
    const fromSpain = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}`, { 'cf-ipcountry': 'ES' })).body,
    );
    assert.equal(fromGermany.chatButton.isBannedCountryCode, true);
    assert.equal(fromSpain.chatButton.isBannedCountryCode, false);
  });

  it('tells a logged-in guest whether the performer is a favourite', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    const { accessToken, guest } = await t.signup();
    await t.ctx.db.insert(favoriteActors).values({ guestId: guest.id, actorId: row.id });
    const headers = { authorization: `Bearer ${accessToken}` };
    const mine = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}`, headers)).body,
    );
    assert.equal(mine.modelGuestRelation.isFavorite, true);
    const anonymous = await t.anonymousToken();
    const theirs = chatEndpoints.actorData.response.parse(
      (await get(`/actor/getActorDataByIdOrName/${row.id}`, { authorization: `Bearer ${anonymous}` })).body,
    );
    assert.equal(theirs.modelGuestRelation.isFavorite, false);
  });

  it('answers 404 NOT_FOUND for an unknown performer', async () => {
    for (const who of ['nobody-here', '999999', '99999999999999']) {
      const response = await get(`/actor/getActorDataByIdOrName/${who}`);
      assert.equal(response.status, 404, who);
      assert.equal(errorCode(response.body), 'NOT_FOUND');
    }
  });
});

describe('actor state', () => {
  it('answers the live state and chat button', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    const response = await get(`/actor/getActorStateById/${row.id}`);
    assert.equal(response.status, 200);
    const state = chatEndpoints.actorState.response.parse(response.body);
    assert.equal(state.actorId, row.id);
    assert.equal(state.chatButton.prices.video, row.priceVideoChat);
    assert.equal((await get('/actor/getActorStateById/abc')).status, 400);
    assert.equal((await get('/actor/getActorStateById/999999')).status, 404);
  });
});

describe('online models query', () => {
  const query = async (token: string | null, variables: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query: onlineModelsQuery.document, variables },
    });

  it('lists online performers for any token holder and refuses without a token', async () => {
    const token = await t.anonymousToken();
    const response = await query(token, { first: 5 });
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json<{
      data: { onlineModels: { total: number; items: { isOnline: boolean; freeChat: boolean }[] } };
    }>();
    const cams = await list('/actors/list/cams');
    assert.equal(data.onlineModels.total, cams.total);
    assert.ok(data.onlineModels.items.length <= 5);
    assert.ok(data.onlineModels.items.every((m) => m.isOnline));
    const free = (await query(token, { freeChat: true })).json<{
      data: { onlineModels: { items: { freeChat: boolean }[] } };
    }>();
    assert.ok(free.data.onlineModels.items.every((m) => m.freeChat));
    assert.equal((await query(null, {})).statusCode, 401);
    const tooMany = (await query(token, { first: 1000 })).json<{ errors: { extensions: { code: string } }[] }>();
    assert.equal(tooMany.errors[0]?.extensions.code, 'VALIDATION_FAILED');
  });
});

describe('favourites', () => {
  it('pins and unpins once each, keeping the favourite count in step', async () => {
    const [row] = await t.ctx.db.select().from(actors).limit(1);
    assert.ok(row);
    const { guest } = await t.signup();
    const count = async () => (await t.ctx.db.select().from(actors).where(eq(actors.id, row.id)))[0]!.favoriteCount;
    const start = await count();
    assert.equal(await setFavorite(t.ctx.db, guest.id, row.id, true), true);
    assert.equal(await setFavorite(t.ctx.db, guest.id, row.id, true), false, 'a second pin changes nothing');
    assert.deepEqual(await favoritePerformerIds(t.ctx.db, guest.id), [row.id]);
    assert.equal(await count(), start + 1);
    assert.equal(await setFavorite(t.ctx.db, guest.id, row.id, false), true);
    assert.equal(await setFavorite(t.ctx.db, guest.id, row.id, false), false);
    assert.deepEqual(await favoritePerformerIds(t.ctx.db, guest.id), []);
    assert.equal(await count(), start);
  });
});

describe('favourites over the socket', () => {
  it('answers a logged-in guest with the pinned ids and ignores anonymous visitors', async () => {
    const connect = (accessToken: string) => openSocketSession(t.app, accessToken);

    const [first, second] = await t.ctx.db.select().from(actors).limit(2);
    const { accessToken } = await t.signup();
    const guest = await connect(accessToken);
    guest.send({ type: 'favoritePinActor', actorId: first!.id });
    assert.deepEqual(await guest.next('favoriteActors'), { type: 'favoriteActors', actorIds: [first!.id] });
    guest.send({ type: 'favoritePinActor', actorId: second!.id });
    assert.deepEqual(await guest.next('favoriteActors'), { type: 'favoriteActors', actorIds: [first!.id, second!.id] });
    guest.send({ type: 'favoriteUnpinActor', actorId: first!.id });
    assert.deepEqual(await guest.next('favoriteActors'), { type: 'favoriteActors', actorIds: [second!.id] });
    guest.send({ type: 'favoriteRequestActors' });
    assert.deepEqual(await guest.next('favoriteActors'), { type: 'favoriteActors', actorIds: [second!.id] });

    const visitor = await connect(await t.anonymousToken());
    visitor.send({ type: 'favoritePinActor', actorId: first!.id });
    visitor.send({ type: 'favoriteRequestActors' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      visitor.received.filter((m) => m.type === 'favoriteActors'),
      [],
    );
    guest.close();
    visitor.close();
  });
});
