import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CONTEST_MAX_VOTES,
  blogArchive,
  blogArticle,
  blogCategory,
  blogPostTeaser,
  clash,
  clashQuery,
  contest,
  contestGrid,
  contestHeader,
  contestsQuery,
  dailyBonus as dailyBonusSchema,
  dailyBonusQuery,
  dateInZone,
  encodeBlogActorsPayload,
  encodeBlogPostsPayload,
  magazinePage,
  pageOf,
  specialEvent,
  spinwheel,
  spinwheelQuery,
  type GraphqlOperation,
} from '@velvet/contracts';
import { z } from 'zod';
import { ageGate } from '../auth/age';
import { createTestApp, type TestApp } from '../../testing/app';
import { assertShownThroughGate, createRatedPerformer, gateGuests } from '../performers/age-fixtures';
import { blogPostActors, clashTeamMembers, dailyBonusOffers } from './schema';
import { dailyBonus } from './service';

let test: TestApp;
let token: string;

const get = async (url: string, accessToken?: string) => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/rest/v1${url}`,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
};
const posts = (category: string, payload: Parameters<typeof encodeBlogPostsPayload>[0], language = 'en') =>
  get(`/blog/posts/${category}/${encodeURIComponent(encodeBlogPostsPayload(payload))}?language=${language}`);
async function query<R, V extends Record<string, unknown>>(
  operation: GraphqlOperation<R, V>,
  variables: V,
  accessToken = token,
) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { query: operation.document, variables },
  });
  const body = response.json<{ data: R; errors?: { message: string; extensions?: { code?: string } }[] }>();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

before(async () => {
  test = await createTestApp({ seedScale: 0.05 });
  token = await test.anonymousToken();
});
after(() => test.close());

describe('blog', () => {
  it('lists every spec category with totals', async () => {
    const { status, body } = await get('/blog/categories');
    assert.equal(status, 200);
    const categories = z.array(blogCategory).parse(body.categories);
    assert.deepEqual(
      categories.map((c) => c.id).sort((a, b) => a - b),
      [38, 39, 40, 41, 43, 44, 45, 46, 506],
    );
    assert.ok(categories.some((c) => c.total > 0));
  });

  it('pages the latest posts newest first without overlap', async () => {
    const first = pageOf(blogPostTeaser).parse((await posts('latest', { page: 1, pageSize: 2 })).body);
    const second = pageOf(blogPostTeaser).parse((await posts('latest', { page: 2, pageSize: 2 })).body);
    assert.ok(first.total >= 3, 'the seed has at least three posts');
    assert.equal(first.items.length, 2);
    assert.ok(second.items.length >= 1);
    assert.equal(second.total, first.total);
    const ids = [...first.items, ...second.items].map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length);
    const dates = [...first.items, ...second.items].map((p) => p.published);
    assert.deepEqual(dates, [...dates].sort().reverse());
  });

  it('filters by category id or alias and honours exclude', async () => {
    const byAlias = pageOf(blogPostTeaser).parse((await posts('events', { pageSize: 50 })).body);
    const byId = pageOf(blogPostTeaser).parse((await posts('38', { pageSize: 50 })).body);
    assert.ok(byAlias.total >= 1);
    assert.deepEqual(byAlias.items, byId.items);
    assert.ok(byAlias.items.every((p) => p.categoryId === 38));
    const excluded = byAlias.items[0]!.id;
    const without = pageOf(blogPostTeaser).parse((await posts('events', { pageSize: 50, exclude: [excluded] })).body);
    assert.equal(without.total, byAlias.total - 1);
    assert.ok(!without.items.some((p) => p.id === excluded));
  });

  it('answers texts in the reader language, Dutch included', async () => {
    const latest = async (language: string) =>
      pageOf(blogPostTeaser).parse((await posts('latest', { pageSize: 1 }, language)).body).items[0]!;
    const [en, nl, de] = await Promise.all([latest('en'), latest('nl'), latest('de')]);
    assert.equal(nl.id, en.id);
    assert.notEqual(nl.title, en.title);
    assert.notEqual(nl.title, de.title);
    const { post } = blogArticle.parse((await get(`/blog/article/${nl.slug}?language=nl`)).body);
    assert.equal(post.title, nl.title);
    assert.match(post.body[0]!, /is al een tijdje bij ons/);
  });

  it('rejects unknown categories and malformed payloads', async () => {
    const unknown = await posts('42', { page: 1 });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
    const malformed = await get('/blog/posts/latest/not-json');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.code, 'VALIDATION_FAILED');
    const badPage = await get(`/blog/posts/latest/${encodeURIComponent(JSON.stringify({ page: 0 }))}`);
    assert.equal(badPage.status, 400);
  });

  it('groups archives by year and pages inside a year', async () => {
    const all = blogArchive.parse((await get('/blog/archives/latest?pageSize=50')).body);
    assert.ok(all.years.length >= 1);
    assert.equal(
      all.years.reduce((sum, y) => sum + y.count, 0),
      all.posts.total,
    );
    const year = all.years[0]!.year;
    const inYear = blogArchive.parse((await get(`/blog/archives/latest?year=${year}&pageSize=1`)).body);
    assert.equal(inYear.year, year);
    assert.equal(inYear.posts.total, all.years[0]!.count);
    assert.equal(inYear.posts.items.length, 1);
    assert.equal((await get('/blog/archives/nonsense')).status, 404);
    assert.equal((await get('/blog/archives/latest?year=1800')).status, 400);
  });

  it('lets blog answers be cached for 60 s, but not errors', async () => {
    const ok = await test.app.inject({
      method: 'GET',
      url: `/rest/v1/blog/posts/latest/${encodeURIComponent(encodeBlogPostsPayload({}))}`,
    });
    assert.equal(ok.headers['cache-control'], 'public, max-age=60');
    const missing = await test.app.inject({ method: 'GET', url: '/rest/v1/blog/article/nothing' });
    assert.equal(missing.headers['cache-control'], undefined);
  });

  it('answers the performers of blog posts by id', async () => {
    const latest = pageOf(blogPostTeaser).parse((await posts('latest', { pageSize: 1 })).body).items[0]!;
    const article = blogArticle.parse((await get(`/blog/article/${latest.slug}`)).body);
    const ids = article.post.actors.map((a) => a.id);
    assert.ok(ids.length > 0, 'seeded posts name a performer');
    const { status, body } = await get(`/blog/actors/${encodeURIComponent(encodeBlogActorsPayload([...ids, 999999]))}`);
    assert.equal(status, 200);
    assert.deepEqual(body.actors, article.post.actors);
    assert.equal((await get('/blog/actors/%7B%7D')).status, 400);
  });

  it('answers an article with its body, and 404 for an unknown slug', async () => {
    const latest = pageOf(blogPostTeaser).parse((await posts('latest', { pageSize: 1 })).body).items[0]!;
    const { status, body } = await get(`/blog/article/${latest.slug}?language=es`);
    assert.equal(status, 200);
    const article = blogArticle.parse(body);
    assert.equal(article.post.id, latest.id);
    assert.ok(article.post.body.length > 0);
    const missing = await get('/blog/article/no-such-post');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'NOT_FOUND');
  });

  it("shows a post's performer rated 18 through the age gate, and lets only the guest's browser keep her answer", async () => {
    const performer = await createRatedPerformer(test.ctx.db);
    const latest = pageOf(blogPostTeaser).parse((await posts('latest', { pageSize: 1 })).body).items[0]!;
    await test.ctx.db.insert(blogPostActors).values({ postId: latest.id, actorId: performer.id });
    const guests = await gateGuests(test);
    const answer = (url: string, accessToken?: string) =>
      test.app.inject({
        method: 'GET',
        url: `/rest/v1${url}`,
        headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      });
    const actorsUrl = `/blog/actors/${encodeURIComponent(encodeBlogActorsPayload([performer.id]))}`;
    const articleUrl = `/blog/article/${latest.slug}`;
    await assertShownThroughGate(test, guests, [performer.avatarUrl, performer.avatarUrl], async (accessToken) => {
      const actors = (await answer(actorsUrl, accessToken)).json<{ actors: { avatarUrl: string }[] }>().actors;
      const article = blogArticle.parse((await answer(articleUrl, accessToken)).json());
      const named = article.post.actors.find((actor) => actor.id === performer.id);
      assert.ok(named, 'the article names her');
      return [actors[0]!.avatarUrl, named.avatarUrl];
    });
    for (const url of [actorsUrl, articleUrl]) {
      const visitor = await answer(url);
      assert.equal(visitor.headers['cache-control'], 'public, max-age=60', url);
      assert.equal(visitor.headers.vary, 'authorization', url);
      const verified = await answer(url, guests.verified.accessToken);
      assert.equal(verified.headers['cache-control'], 'private, max-age=60', url);
      assert.equal(verified.headers.vary, 'authorization', url);
    }
  });
});

describe('contests', () => {
  it('lists the four seeded contests, running ones first', async () => {
    const { contests } = await query(contestsQuery, { language: 'de' });
    const list = z.array(contest).parse(contests);
    assert.equal(list.length, 4);
    assert.ok(list[0]!.isActive);
    assert.ok(list.some((c) => !c.isActive));
  });

  it('answers a Dutch reader in Dutch', async () => {
    const list = z.array(contest).parse((await query(contestsQuery, { language: 'nl' })).contests);
    const selfie = list.find((c) => c.title === 'Zomerselfie');
    assert.ok(selfie, JSON.stringify(list.map((c) => c.title)));
    assert.equal(selfie.description, 'De mooiste zomerselfie wint. Stem op je favoriet.');
  });

  it("answers entry titles in the reader's language, English without one", async () => {
    const list = z.array(contest).parse((await query(contestsQuery, { language: 'nl' })).contests);
    const selfie = list.find((c) => c.title === 'Zomerselfie')!;
    const grid = async (language?: string) =>
      contestGrid.parse(
        (await get(`/contests/getContestGridItems/${selfie.id}/all/50/0${language ? `?language=${language}` : ''}`))
          .body,
      ).contestGridItems;
    for (const [language, title] of [
      ['de', 'Sommer-Selfie von'],
      ['nl', 'Zomerselfie van'],
      ['es', 'Selfi de verano de'],
      [undefined, 'Summer selfie by'],
    ] as const) {
      const items = await grid(language);
      assert.ok(items.length >= 1, 'the seed has entries');
      for (const item of items) assert.equal(item.title, `${title} ${item.actorDisplayName}`, language);
    }
  });

  it('answers header, grid pages and guest data', async () => {
    const { contests } = await query(contestsQuery, {});
    const running = contests.find((c) => c.isActive)!;
    const header = contestHeader.parse((await get(`/contests/${running.id}/getHeader`)).body);
    assert.equal(header.maxVotes, CONTEST_MAX_VOTES);
    const page1 = contestGrid.parse((await get(`/contests/getContestGridItems/${running.id}/all/1/0`)).body);
    const page2 = contestGrid.parse((await get(`/contests/getContestGridItems/${running.id}/all/1/1`)).body);
    assert.equal(page1.elementsCount, running.entryCount);
    assert.ok(page1.elementsCount >= 1);
    if (page1.elementsCount > 1)
      assert.notEqual(page1.contestGridItems[0]!.mediaId, page2.contestGridItems[0]!.mediaId);
    const top = contestGrid.parse((await get(`/contests/getContestGridItems/${running.id}/top/50/0`)).body);
    const votes = top.contestGridItems.map((i) => i.mediaVotes);
    assert.deepEqual(
      votes,
      [...votes].sort((a, b) => b - a),
    );
    assert.ok(
      top.contestGridItems.every((i) => i.place === null),
      'no places while the contest runs',
    );

    const anonymous = await get(`/contests/getContestGuestData/${running.id}`, token);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.code, 'LOGIN_REQUIRED');
    const { accessToken } = await test.signup();
    const guestData = await get(`/contests/getContestGuestData/${running.id}`, accessToken);
    assert.deepEqual(guestData.body, { voteCount: 0, hideVoteLimitModal: false });
  });

  it('answers 404 for unknown contests and 400 for bad grid arguments', async () => {
    assert.equal((await get('/contests/99999/getHeader')).status, 404);
    assert.equal((await get('/contests/getContestGridItems/99999/all/10/0')).status, 404);
    assert.equal((await get('/contests/getContestGridItems/1/sideways/10/0')).status, 400);
    assert.equal((await get('/contests/getContestGridItems/1/all/0/0')).status, 400);
  });
});

describe('special events and magazine pages', () => {
  it('lists the spec events with their fixed ids', async () => {
    const { status, body } = await get('/special/get/events');
    assert.equal(status, 200);
    const events = z.array(specialEvent).parse(body.events);
    for (const id of [6, 7, 22, 30])
      assert.ok(
        events.some((e) => e.id === id),
        `event ${id}`,
      );
    assert.ok(
      events.some((e) => e.hasStarted && !e.hasEnded),
      'one event runs now',
    );
  });

  it('answers event names and promo pages to a Dutch reader in Dutch', async () => {
    const events = z.array(specialEvent).parse((await get('/special/get/events?language=nl')).body.events);
    assert.equal(events.find((e) => e.id === 22)?.name, 'Wiesn-schiettent');
    const easter = magazinePage.parse((await get('/special/magazines/easter?language=nl')).body);
    assert.equal(easter.title, 'Paaseieren zoeken');
  });

  it('answers promo pages by slug, another page at random, and 404s', async () => {
    const easter = magazinePage.parse((await get('/special/magazines/easter?language=de')).body);
    assert.equal(easter.slug, 'easter');
    const shooting = magazinePage.parse((await get('/special/magazines/shooting-gallery')).body);
    assert.equal(shooting.event?.id, 22);
    const other = magazinePage.parse((await get(`/special/magazines/random/${easter.id}`)).body);
    assert.notEqual(other.id, easter.id);
    assert.equal((await get('/special/magazines/nothing-here')).status, 404);
  });
});

describe('clash of cams and spinwheel', () => {
  it('answers the running clash with two teams and its challenges', async () => {
    const result = await query(clashQuery, {});
    const running = clash.parse(result.clash);
    assert.equal(running.teams.length, 2);
    assert.ok(running.challenges.some((c) => c.votable));
    assert.ok(running.challenges.some((c) => c.winner !== null));
    for (const challenge of running.challenges) assert.equal(challenge.teams.length, 2);
    assert.equal((await query(clashQuery, { id: 99999 })).clash, null);
  });

  it('shows a team member rated 18 through the age gate', async () => {
    const performer = await createRatedPerformer(test.ctx.db);
    const team = clash.parse((await query(clashQuery, {})).clash).teams[0]!;
    await test.ctx.db.insert(clashTeamMembers).values({ teamId: team.id, actorId: performer.id });
    await assertShownThroughGate(test, await gateGuests(test), [performer.avatarUrl], async (accessToken = token) => {
      const running = clash.parse((await query(clashQuery, {}, accessToken)).clash);
      const member = running.teams.flatMap((t) => t.member).find((m) => m.id === performer.id);
      assert.ok(member, 'she is in the team');
      return [member.avatarUrl];
    });
  });

  it('shows the wheel to everyone and the spins to guests only', async () => {
    const anonymous = spinwheel.parse((await query(spinwheelQuery, {})).spinwheel);
    assert.ok(anonymous.segments.length > 0);
    assert.equal(anonymous.guest, null);
    const { accessToken } = await test.signup();
    const own = spinwheel.parse((await query(spinwheelQuery, { type: 'default' }, accessToken)).spinwheel);
    assert.deepEqual(own.guest, { points: 0, spins: 0 });
  });
});

describe('daily bonus', () => {
  it('answers today (Berlin) and the next two days with offers', async () => {
    const result = dailyBonusSchema.parse((await query(dailyBonusQuery, { language: 'es' })).dailyBonus);
    assert.equal(result.today, dateInZone(new Date()));
    assert.equal(result.days.length, 3);
    assert.ok(result.days.every((d) => d.offers.length > 0));
  });

  it('switches days at 23:59:59 Berlin time, in winter and in summer', async () => {
    const offer = (date: string) => ({
      date,
      offer: 'TopUpFlat',
      title: { de: `Angebot ${date}`, en: `Offer ${date}`, nl: `Aanbieding ${date}`, es: `Oferta ${date}` },
      description: { de: '', en: '', nl: '', es: '' },
      imageUrl: '/media/x.webp',
      conditions: [],
      effect: { name: 'bonusCoins', value: 1, unit: 'coins', code: null },
      quantity: 1,
    });
    await test.ctx.db
      .insert(dailyBonusOffers)
      .values(['2030-11-22', '2030-11-23', '2030-07-01', '2030-07-02'].map(offer));

    const visitorAt = async (now: Date) => ({ now, gate: await ageGate(test.ctx, null), guestId: null });
    const lastSecond = await dailyBonus(test.ctx.db, await visitorAt(new Date('2030-11-22T22:59:59Z')));
    assert.equal(lastSecond.today, '2030-11-22');
    assert.equal(lastSecond.endsAt, '2030-11-22T22:59:59.000Z');
    assert.equal(lastSecond.days[0]!.offers[0]!.title, 'Offer 2030-11-22');
    const nextDay = await dailyBonus(test.ctx.db, await visitorAt(new Date('2030-11-22T23:00:00Z')));
    assert.equal(nextDay.today, '2030-11-23');
    assert.equal(nextDay.days[0]!.offers[0]!.title, 'Offer 2030-11-23');
    const dutch = await dailyBonus(test.ctx.db, await visitorAt(new Date('2030-11-22T23:00:00Z')), 'nl');
    assert.equal(dutch.days[0]!.offers[0]!.title, 'Aanbieding 2030-11-23');

    const summer = await dailyBonus(test.ctx.db, await visitorAt(new Date('2030-07-01T21:59:59Z')), 'de');
    assert.equal(summer.today, '2030-07-01');
    assert.equal(summer.endsAt, '2030-07-01T21:59:59.000Z');
    assert.equal(summer.days[0]!.offers[0]!.title, 'Angebot 2030-07-01');
    assert.equal(
      (await dailyBonus(test.ctx.db, await visitorAt(new Date('2030-07-01T22:00:00Z')))).today,
      '2030-07-02',
    );
  });
});
