import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  ACTOR_SEARCH_PAGE_SIZE,
  NEW_ACTOR_CATEGORY_ID,
  NEW_ACTOR_DAYS,
  actorSearchEndpoints,
  SEARCH_CONDITION_DEFAULTS,
  errorBody,
  type ActorSearchResult,
  type SearchConditions,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { actors } from './schema';

let t: TestApp;
before(async () => {
  t = await createTestApp({ seedScale: 0.2 });
});
after(() => t.close());

let made = 0;
/** A performer of the test with a word no seeded profile has, so a mood search finds exactly the test's own. */
async function performer(values: Partial<typeof actors.$inferInsert> & { threeWords: string }) {
  const n = ++made;
  const [row] = await t.ctx.db
    .insert(actors)
    .values({
      name: `search-${process.pid}-${n}`,
      displayName: `Searchy${n}`,
      gender: 'F',
      age: 25,
      country: 'DE',
      languages: ['de'],
      aboutMe: 'Hallo',
      avatarUrl: '/media/a.jpg',
      priceVideoChat: 500,
      priceVoyeurChat: 300,
      priceSingleC2C: 900,
      ...values,
    })
    .returning();
  return row!;
}

interface SearchBody {
  moodValue?: string;
  searchType?: string;
  sortType?: string;
  requestId?: number;
  forcedGuestLocation?: { lat: number; long: number };
  forcedGuestZip?: string;
  forcedGuestLocationSource?: string;
  currentCollection?: string;
  searchConditions?: Partial<SearchConditions>;
}

async function search(body: SearchBody, options: { page?: number; token?: string } = {}): Promise<ActorSearchResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/rest/v1/actorsearch/search?page=${options.page ?? 1}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: {
      requestId: 1,
      ...body,
      ...(body.searchConditions
        ? { searchConditions: { ...SEARCH_CONDITION_DEFAULTS, ...body.searchConditions } }
        : {}),
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  return actorSearchEndpoints.search.response.parse(response.json());
}

const ids = (result: ActorSearchResult) => result.actors.map((a) => a.id);

async function init(searchType: string, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/rest/v1/actorsearch/init?searchType=${searchType}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: {},
  });
  assert.equal(response.statusCode, 200, response.body);
  return actorSearchEndpoints.init.response.parse(response.json());
}

describe('actor search rules', () => {
  it('falls back to the default search for an unknown type and echoes the request id', async () => {
    const result = await search({ searchType: 'favourites-of-the-moon', requestId: 4711 });
    assert.equal(result.searchType, 'default');
    assert.equal(result.sortType, 'rank');
    assert.equal(result.requestId, 4711);
    assert.equal(result.pageSize, ACTOR_SEARCH_PAGE_SIZE);
    assert.ok(result.totalHits >= 20, 'the seeded performers are found');
    const location = await init('location');
    assert.equal(location.sortType, 'distance');
    assert.ok(location.availableFilters.includes('radiusKm'));
    const unknown = await init('nonsense');
    assert.equal(unknown.searchType, 'default');
    assert.ok(!unknown.sortTypes.includes('distance'));
  });

  it('finds the mood in names, the three words and about-me texts of every language, by word prefix', async () => {
    const byWords = await performer({ threeWords: 'quokkasmile, sunny, calm' });
    const byName = await performer({ threeWords: 'plain', displayName: 'Wombatella' });
    const byTranslation = await performer({
      threeWords: 'plain',
      aboutMe: 'Hola',
      aboutMeTranslations: { nl: 'Ik speel graag okapiball in het park' },
    });
    assert.deepEqual(ids(await search({ moodValue: 'quokka' })), [byWords.id]);
    assert.deepEqual(ids(await search({ moodValue: 'WOMBAT' })), [byName.id]);
    assert.deepEqual(ids(await search({ moodValue: 'okapib park' })), [byTranslation.id], 'every word must match');
    const none = await search({ moodValue: 'quokka okapiball', requestId: 9 });
    assert.equal(none.noResult, true);
    assert.equal(none.totalHits, 0);
    assert.equal(none.maxPage, 1);
    assert.equal(none.requestId, 9);
    assert.equal((await search({ moodValue: "'&|!:*()" })).noResult, false, 'punctuation alone does not filter');
  });

  it('answers the page asked, 30 per page, whatever the sort', async () => {
    for (let i = 0; i < 35; i++) await performer({ threeWords: 'pagingword', favoriteCount: i });
    const first = await search({ moodValue: 'pagingword' });
    assert.equal(first.totalHits, 35);
    assert.equal(first.maxPage, 2);
    assert.equal(first.actors.length, 30);
    const second = await search({ moodValue: 'pagingword', sortType: 'newest' }, { page: 2 });
    assert.equal(second.page, 2, 'a sort change going back to page 1 is the client’s rule');
    assert.equal(second.sortType, 'newest');
    assert.equal(second.actors.length, 5);
    const beyond = await search({ moodValue: 'pagingword' }, { page: 3 });
    assert.deepEqual([beyond.page, beyond.actors.length, beyond.noResult], [3, 0, false]);
    const everyone = new Set([...ids(first), ...ids(await search({ moodValue: 'pagingword' }, { page: 2 }))]);
    assert.equal(everyone.size, 35, 'the two pages hold every performer once');
    const byPrice = await search({ moodValue: 'pagingword', sortType: 'priceDesc' });
    assert.equal(byPrice.sortType, 'priceDesc');
  });

  it('filters by every condition, by list and by the new-girls rule', async () => {
    const old = new Date(Date.now() - (NEW_ACTOR_DAYS + 10) * 86_400_000);
    const base = { threeWords: 'filterword', registeredSince: old };
    const a = await performer({ ...base, gender: 'F', age: 21, languages: ['de', 'en'], country: 'DE' });
    const b = await performer({ ...base, gender: 'M', age: 35, languages: ['es'], country: 'ES', isOnline: true });
    const c = await performer({ ...base, gender: 'T', age: 44, languages: ['nl'], country: 'NL', freeChat: true });
    const d = await performer({ ...base, age: 30, priceVideoChat: 200, registeredSince: new Date() });
    const found = async (conditions: Partial<SearchConditions>, extra: SearchBody = {}) =>
      ids(await search({ moodValue: 'filterword', searchConditions: conditions, ...extra })).sort((x, y) => x - y);
    assert.deepEqual(await found({ genders: ['M', 'T'] }), [b.id, c.id]);
    assert.deepEqual(await found({ ageFrom: 30, ageTo: 40 }), [b.id, d.id]);
    assert.deepEqual(await found({ languages: ['en', 'nl'] }), [a.id, c.id]);
    assert.deepEqual(await found({ countries: ['es', 'NL'] }), [b.id, c.id]);
    assert.deepEqual(await found({ onlineOnly: true }), [b.id]);
    assert.deepEqual(await found({ freeChatOnly: true }), [c.id]);
    assert.deepEqual(await found({ maxPrice: 300 }), [d.id]);
    assert.deepEqual(await found({ categoryId: NEW_ACTOR_CATEGORY_ID }), [d.id]);
    assert.deepEqual(await found({}, { searchType: 'newGirls' }), [d.id]);
    assert.deepEqual(await found({}, { currentCollection: 'cams' }), [b.id]);
    assert.deepEqual(await found({}, { currentCollection: 'free-chat' }), [c.id]);
    assert.deepEqual(await found({ genders: ['F'], ageTo: 25 }), [a.id], 'filters add up');
  });

  it('shows going on and off line at the next search (read from the database, no cache)', async () => {
    const p = await performer({ threeWords: 'onlineword', isOnline: false });
    const online = () => search({ moodValue: 'onlineword', searchConditions: { onlineOnly: true } });
    assert.equal((await online()).noResult, true);
    await t.ctx.db.update(actors).set({ isOnline: true }).where(eq(actors.id, p.id));
    const after = await online();
    assert.deepEqual(ids(after), [p.id]);
    assert.equal(after.actors[0]!.isOnline, true);
  });
});

describe('location search', () => {
  /** Real places; the distances from Berlin (zip 10115) are the great-circle ones. */
  let berlin: number, potsdam: number, hamburg: number, munich: number, nowhere: number;
  before(async () => {
    const at = (lat: number, long: number) => ({ threeWords: 'geoword', lat, long });
    munich = (await performer(at(48.137, 11.576))).id;
    hamburg = (await performer(at(53.551, 9.993))).id;
    potsdam = (await performer(at(52.391, 13.065))).id;
    berlin = (await performer(at(52.52, 13.405))).id;
    nowhere = (await performer({ threeWords: 'geoword' })).id;
  });

  it('orders by distance around a zip, in whole km, with markers', async (c: TestContext) => {
    const started = performance.now();
    const result = await search({ moodValue: 'geoword', searchType: 'location', forcedGuestZip: '10115' });
    c.diagnostic(`location search: ${Math.round(performance.now() - started)} ms`);
    assert.equal(result.sortType, 'distance');
    assert.equal(result.location?.city, 'Berlin');
    assert.equal(result.location?.zip, '10115');
    assert.deepEqual(ids(result), [berlin, potsdam, hamburg, munich], 'performers without a place are left out');
    assert.ok(!ids(result).includes(nowhere));
    const km = result.actors.map((a) => a.distanceKm!);
    assert.ok(km[0]! <= 2, `Berlin is about 0 km away, got ${km[0]}`);
    assert.ok(Math.abs(km[2]! - 255) <= 8, `Hamburg is about 255 km away, got ${km[2]}`);
    assert.ok(Math.abs(km[3]! - 505) <= 10, `Munich is about 505 km away, got ${km[3]}`);
    assert.deepEqual(
      result.markers.map((m) => m.actorId),
      ids(result),
    );
    assert.deepEqual(result.markers[3], { actorId: munich, lat: 48.14, long: 11.58 }, 'markers are rounded');
  });

  it('keeps to the radius, also around a browser location', async () => {
    const within = await search({
      moodValue: 'geoword',
      searchType: 'location',
      forcedGuestLocation: { lat: 52.52, long: 13.405 },
      forcedGuestLocationSource: 'browser',
      searchConditions: { radiusKm: 300 },
    });
    assert.deepEqual(ids(within), [berlin, potsdam, hamburg]);
    assert.equal(within.location?.city, 'Berlin', 'a browser location is named after the nearest zip');
    const near = await search({
      moodValue: 'geoword',
      searchType: 'location',
      forcedGuestZip: '80331',
      searchConditions: { radiusKm: 50 },
    });
    assert.deepEqual(ids(near), [munich]);
    const ranked = await search({
      moodValue: 'geoword',
      searchType: 'location',
      forcedGuestZip: '10115',
      sortType: 'newest',
    });
    assert.equal(ranked.sortType, 'newest');
    assert.deepEqual(
      ids(ranked).sort((x, y) => x - y),
      [munich, hamburg, potsdam, berlin],
    );
  });

  it('pages the distance order exactly, near and far', async () => {
    // Every 6 km to the south-east of Berlin, shuffled: the order must come from the distances alone.
    const steps = Array.from({ length: 40 }, (_, i) => (i * 17) % 40);
    const placed = new Map<number, number>();
    for (const step of steps) {
      const row = await performer({ threeWords: 'lineword', lat: 52.52 - step * 0.04, long: 13.405 + step * 0.05 });
      placed.set(row.id, step);
    }
    const page = async (n: number) =>
      search({ moodValue: 'lineword', searchType: 'location', forcedGuestZip: '10115' }, { page: n });
    const [first, second] = [await page(1), await page(2)];
    assert.deepEqual([first.totalHits, first.maxPage, first.actors.length, second.actors.length], [40, 2, 30, 10]);
    assert.deepEqual(
      [...ids(first), ...ids(second)].map((id) => placed.get(id)),
      Array.from({ length: 40 }, (_, i) => i),
    );
    const km = [...first.actors, ...second.actors].map((a) => a.distanceKm!);
    assert.ok(
      km.every((d, i) => i === 0 || d >= km[i - 1]!),
      km.join(','),
    );
  });

  it('has no location for an unknown zip and then ranks like the default search', async () => {
    const result = await search({ moodValue: 'geoword', searchType: 'location', forcedGuestZip: '00000' });
    assert.equal(result.location, null);
    assert.equal(result.sortType, 'rank');
    assert.equal(result.totalHits, 5);
    assert.ok(result.actors.every((a) => a.distanceKm === null));
    assert.deepEqual(result.markers, []);
  });

  it('remembers a logged-in guest’s place for the next location search', async () => {
    const { accessToken } = await t.signup();
    await search({ moodValue: 'geoword', searchType: 'location', forcedGuestZip: '20095' }, { token: accessToken });
    const again = await search({ moodValue: 'geoword', searchType: 'location' }, { token: accessToken });
    assert.equal(again.location?.city, 'Hamburg');
    assert.equal(ids(again)[0], hamburg);
    assert.equal((await init('location', accessToken)).location?.zip, '20095');
    const anonymous = await search({ moodValue: 'geoword', searchType: 'location' });
    assert.equal(anonymous.location, null);
  });
});

describe('custom search conditions', () => {
  it('saves a logged-in guest’s conditions, offers them at init and resets them by filter/delete', async () => {
    const { accessToken } = await t.signup();
    const auth = { authorization: `Bearer ${accessToken}` };
    const conditions = { ...SEARCH_CONDITION_DEFAULTS, ageFrom: 30, genders: ['F' as const] };
    await search({ searchType: 'custom', searchConditions: conditions }, { token: accessToken });
    assert.deepEqual((await init('custom', accessToken)).conditions, conditions);
    assert.deepEqual((await init('custom')).conditions, SEARCH_CONDITION_DEFAULTS, 'nothing saved for visitors');
    const reused = await search({ searchType: 'custom' }, { token: accessToken });
    assert.deepEqual(reused.conditions, conditions, 'a custom search without conditions uses the saved ones');
    assert.ok(reused.actors.every((a) => a.age >= 30 && a.gender === 'F'));

    const deleteFilter = (filter?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/v1/actorsearch/filter/delete',
        headers: auth,
        payload: { searchConditions: conditions, ...(filter ? { filter } : {}) },
      });
    const one = await deleteFilter('ageFrom');
    assert.equal(one.statusCode, 200, one.body);
    assert.deepEqual(one.json().searchConditions, { ...conditions, ageFrom: null });
    assert.deepEqual((await init('custom', accessToken)).conditions, { ...conditions, ageFrom: null });
    const all = await deleteFilter();
    assert.deepEqual(all.json().searchConditions, SEARCH_CONDITION_DEFAULTS);
    assert.deepEqual((await init('custom', accessToken)).conditions, SEARCH_CONDITION_DEFAULTS);
  });
});

describe('zip lookup', () => {
  const lookup = (zip: string) => t.app.inject({ method: 'GET', url: `/rest/v1/utility/getGeoLocationByZip/${zip}` });

  it('answers the place of a real zip', async () => {
    const response = await lookup('50667');
    assert.equal(response.statusCode, 200);
    const place = actorSearchEndpoints.geoLocationByZip.response.parse(response.json());
    assert.equal(place.city, 'Köln');
    assert.ok(Math.abs(place.lat! - 50.94) < 0.05 && Math.abs(place.long! - 6.96) < 0.05);
  });

  it('needs exactly five characters and answers an empty location for an unknown zip', async () => {
    for (const zip of ['1011', '101155']) {
      const response = await lookup(zip);
      assert.equal(response.statusCode, 400, zip);
      assert.equal(errorBody.parse(response.json()).code, 'VALIDATION_FAILED');
    }
    const unknown = await lookup('00000');
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json(), { lat: null, long: null, city: null });
  });
});
