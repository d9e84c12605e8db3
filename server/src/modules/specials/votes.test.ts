import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  CONTEST_MAX_VOTES,
  contestDetail,
  contestGrid,
  contestVoteResult,
  errorCodeOf,
  type ContestVoteInput,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { setAvsStatus } from '../auth/age';
import { contestMedia, contests, contestVotes } from './schema';

/** A running contest with at least two entries, as the seed makes them relative to the server's clock. */
async function runningContest(t: TestApp) {
  const now = t.ctx.now();
  const rows = await t.ctx.db.select().from(contests);
  const contest = rows.find((c) => c.start <= now && now < c.end);
  assert.ok(contest, 'the seed has a running contest');
  const seeded = await t.ctx.db.select().from(contestMedia).where(eq(contestMedia.contestId, contest.id));
  assert.ok(seeded.length >= 1, 'the running contest has entries');
  // A small seed has one entry per contest; votes spread over a second one, by the same performer.
  const [first] = seeded;
  const [second] = await t.ctx.db
    .insert(contestMedia)
    .values({ ...first!, id: undefined, title: `${first!.title} (2)`, votes: 0 })
    .returning();
  return { contest, entries: [...seeded, second!] };
}

async function verifiedGuest(t: TestApp) {
  const { accessToken, guest } = await t.signup();
  await setAvsStatus(t.ctx.db, guest.id, 'accepted');
  return { token: accessToken, guestId: guest.id };
}

const vote = (t: TestApp, token: string, input: ContestVoteInput) =>
  t.rest('POST', '/contests/addContestMediaVoting', token, input);
const unvote = (t: TestApp, token: string, input: ContestVoteInput) =>
  t.rest('POST', '/contests/deleteContestMediaVoting', token, input);

const mediaVotes = async (t: TestApp, mediaId: number) =>
  (await t.ctx.db.select({ votes: contestMedia.votes }).from(contestMedia).where(eq(contestMedia.id, mediaId)))[0]!
    .votes;
const storedVotes = async (t: TestApp, contestId: number, guestId: string) =>
  (
    await t.ctx.db
      .select()
      .from(contestVotes)
      .where(and(eq(contestVotes.contestId, contestId), eq(contestVotes.guestId, guestId)))
  ).length;

/** The limit of five holds on each database the server runs on, also for votes sent at once. */
function voteLimitUnderLoad(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`contest votes on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    it('counts at most five of 20 parallel votes of one guest and refuses the rest', async (c: TestContext) => {
      const { contest, entries } = await runningContest(t);
      const { token, guestId } = await verifiedGuest(t);
      const before = await Promise.all(entries.map((e) => mediaVotes(t, e.id)));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          vote(t, token, { contestId: contest.id, mediaId: entries[i % entries.length]!.id }),
        ),
      );
      const accepted = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      assert.equal(accepted.length, CONTEST_MAX_VOTES);
      assert.ok(accepted.every((a) => contestVoteResult.parse(a.json()).success));
      assert.ok(
        refused.every((a) => a.statusCode === 409 && errorCodeOf(a.json().code) === 'VOTE_LIMIT_REACHED'),
        refused.map((a) => a.body).join('\n'),
      );
      assert.deepEqual(
        accepted.map((a) => contestVoteResult.parse(a.json()).voteCount).sort(),
        [1, 2, 3, 4, 5],
        'each accepted vote saw the ones before it',
      );
      assert.equal(await storedVotes(t, contest.id, guestId), CONTEST_MAX_VOTES);
      const after = await Promise.all(entries.map((e) => mediaVotes(t, e.id)));
      const added = after.reduce((sum, v, i) => sum + v - before[i]!, 0);
      assert.equal(added, CONTEST_MAX_VOTES, 'the entries gained exactly the accepted votes');
      c.diagnostic(`${database}: 20 parallel votes -> ${accepted.length} counted, ${refused.length} refused`);
    });
  });
}

voteLimitUnderLoad('PGlite', () => createTestApp({ seedScale: 0.05 }), false);

const postgres = await startPostgres();
after(() => postgres?.stop());
voteLimitUnderLoad(
  'PostgreSQL',
  async () => createTestApp({ seedScale: 0.05, config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

describe('contest voting', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  it('counts a vote, answers the new totals and withdraws it again', async () => {
    const { contest, entries } = await runningContest(t);
    const entry = entries[0]!;
    const { token, guestId } = await verifiedGuest(t);
    const before = await mediaVotes(t, entry.id);

    const added = await vote(t, token, { contestId: contest.id, mediaId: entry.id, actorId: entry.actorId });
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(contestVoteResult.parse(added.json()), {
      success: true,
      needAvs: false,
      guestId,
      contestId: contest.id,
      mediaId: entry.id,
      mediaVotes: before + 1,
      voteCount: 1,
      hideVoteLimitModal: false,
    });
    const detail = contestDetail.parse((await t.rest('GET', `/contests/${contest.id}`, token)).json());
    assert.deepEqual(detail.guestData, { voteCount: 1, hideVoteLimitModal: false });

    const removed = await unvote(t, token, { contestId: contest.id, mediaId: entry.id });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(contestVoteResult.parse(removed.json()).mediaVotes, before);
    assert.equal(contestVoteResult.parse(removed.json()).voteCount, 0);
    const again = await unvote(t, token, { contestId: contest.id, mediaId: entry.id });
    assert.equal(again.statusCode, 404);
    assert.equal(await mediaVotes(t, entry.id), before, 'withdrawing nothing takes nothing');
  });

  it('refuses the sixth vote and keeps the guest choice to hide the limit notice', async () => {
    const { contest, entries } = await runningContest(t);
    const { token, guestId } = await verifiedGuest(t);
    for (let i = 0; i < CONTEST_MAX_VOTES; i++) {
      const answer = await vote(t, token, {
        contestId: contest.id,
        mediaId: entries[0]!.id,
        hideConfirmWindow: i === CONTEST_MAX_VOTES - 1,
      });
      assert.equal(answer.statusCode, 200, answer.body);
    }
    const before = await mediaVotes(t, entries[1]!.id);
    const sixth = await vote(t, token, { contestId: contest.id, mediaId: entries[1]!.id });
    assert.equal(sixth.statusCode, 409);
    assert.equal(sixth.json().code, 'VOTE_LIMIT_REACHED');
    assert.equal(await mediaVotes(t, entries[1]!.id), before);
    assert.equal(await storedVotes(t, contest.id, guestId), CONTEST_MAX_VOTES);
    const guestData = await t.rest('GET', `/contests/getContestGuestData/${contest.id}`, token);
    assert.deepEqual(guestData.json(), { voteCount: CONTEST_MAX_VOTES, hideVoteLimitModal: true });
  });

  it('sends a guest without the age check to it and counts nothing', async () => {
    const { contest, entries } = await runningContest(t);
    const { accessToken, guest } = await t.signup();
    const before = await mediaVotes(t, entries[0]!.id);
    const answer = await vote(t, accessToken, { contestId: contest.id, mediaId: entries[0]!.id });
    assert.equal(answer.statusCode, 200, answer.body);
    const result = contestVoteResult.parse(answer.json());
    assert.equal(result.needAvs, true);
    assert.equal(result.success, false);
    assert.equal(result.voteCount, 0);
    assert.equal(await mediaVotes(t, entries[0]!.id), before);
    assert.equal(await storedVotes(t, contest.id, guest.id), 0);
  });

  it('refuses bad input with a clear code and grants nothing', async () => {
    const { contest, entries } = await runningContest(t);
    const { token } = await verifiedGuest(t);
    const unknown = await vote(t, token, { contestId: 999_999, mediaId: entries[0]!.id });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'NOT_FOUND');
    const otherActor = await vote(t, token, {
      contestId: contest.id,
      mediaId: entries[0]!.id,
      actorId: entries[0]!.actorId + 100_000,
    });
    assert.equal(otherActor.statusCode, 404);
    const malformed = await vote(t, token, { contestId: contest.id } as ContestVoteInput);
    assert.equal(malformed.statusCode, 400);
    const visitor = await vote(t, await t.anonymousToken(), { contestId: contest.id, mediaId: entries[0]!.id });
    assert.equal(visitor.statusCode, 401);
    assert.equal(visitor.json().code, 'LOGIN_REQUIRED');

    const ended = (await t.ctx.db.select().from(contests)).find((c) => c.end <= t.ctx.now());
    assert.ok(ended, 'the seed has an ended contest');
    const [endedEntry] = await t.ctx.db.select().from(contestMedia).where(eq(contestMedia.contestId, ended.id));
    assert.ok(endedEntry);
    const late = await vote(t, token, { contestId: ended.id, mediaId: endedEntry.id });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().code, 'VOTING_CLOSED');
  });

  it('answers the top list and a performer entries with their places', async () => {
    const { contest, entries } = await runningContest(t);
    const top = contestGrid.parse((await t.rest('GET', `/contests/${contest.id}/topList`)).json());
    assert.deepEqual(
      top.contestGridItems.map((i) => i.place),
      top.contestGridItems.map((_, i) => i + 1),
    );
    const votes = top.contestGridItems.map((i) => i.mediaVotes);
    assert.deepEqual(
      votes,
      [...votes].sort((a, b) => b - a),
    );
    assert.equal(top.elementsCount, entries.length);

    const actorId = entries[0]!.actorId;
    const actor = contestGrid.parse((await t.rest('GET', `/contests/${contest.id}/actor/${actorId}`)).json());
    assert.ok(actor.contestGridItems.length >= 1);
    assert.ok(actor.contestGridItems.every((i) => i.actorId === actorId && i.place !== null));
    assert.equal((await t.rest('GET', '/contests/999999/topList')).statusCode, 404);
    assert.equal((await t.rest('GET', '/contests/999999')).statusCode, 404);
    const visitorDetail = contestDetail.parse((await t.rest('GET', `/contests/${contest.id}`)).json());
    assert.equal(visitorDetail.guestData, null);
  });
});
