import assert from 'node:assert/strict';
import { after, before, describe, it, mock, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  CLASH_WIN_POINTS,
  CONTEST_MAX_VOTES,
  clashAddVoteMutation,
  clashChallenge,
  clashQuery,
  clashRevokeVoteMutation,
  contestDetail,
  contestGrid,
  contestVoteResult,
  errorCodeOf,
  type ContestVoteInput,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { setAvsStatus } from '../auth/age';
import { errorOf, graphql } from './graphql-fixtures';
import { clashChallenges, clashChallengeTeams, clashVotes, contestMedia, contests, contestVotes } from './schema';

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
    .values({ ...first!, id: undefined, votes: 0 })
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

/** The seed's running clash challenge and its two teams. */
async function runningChallenge(t: TestApp, token: string) {
  const { data } = await graphql(t, clashQuery, {}, token);
  const challenge = data?.clash?.challenges.find((c) => c.votable);
  assert.ok(challenge, 'the seed has a votable challenge');
  const [first, second] = challenge.teams.map((team) => team.id);
  return { clash: data!.clash!, challenge, first: first!, second: second! };
}
const teamVotes = async (t: TestApp, challengeId: number) =>
  new Map(
    (
      await t.ctx.db
        .select({ teamId: clashChallengeTeams.teamId, votes: clashChallengeTeams.votes })
        .from(clashChallengeTeams)
        .where(eq(clashChallengeTeams.challengeId, challengeId))
    ).map((r) => [r.teamId, r.votes]),
  );

/** The limit of five holds on each database the server runs on, also for votes sent at once. */
function voteLimitUnderLoad(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`contest and clash votes on ${database}`, { skip }, () => {
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

    it('keeps one clash vote per guest and challenge under 10 parallel votes and revokes', async (c: TestContext) => {
      const { token } = await verifiedGuest(t);
      const { challenge, first, second } = await runningChallenge(t, token);
      const before = await teamVotes(t, challenge.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 3 === 2
            ? graphql(t, clashRevokeVoteMutation, { challengeId: challenge.id }, token)
            : graphql(t, clashAddVoteMutation, { challengeId: challenge.id, teamId: i % 2 ? first : second }, token),
        ),
      );
      const failed = answers.filter((a) => a.errors);
      assert.ok(
        failed.every((a) => errorOf(a) === 'NOT_FOUND'),
        JSON.stringify(failed.map((a) => a.errors)),
      );
      const mine = await t.ctx.db.select().from(clashVotes).where(eq(clashVotes.challengeId, challenge.id));
      const after = await teamVotes(t, challenge.id);
      assert.ok(mine.length <= 1, 'one vote per guest and challenge');
      for (const [team, votes] of after) {
        assert.equal(votes - before.get(team)!, mine.filter((v) => v.teamId === team).length, `team ${team}`);
      }
      c.diagnostic(
        `${database}: 10 parallel clash votes/revokes -> ${mine.length} vote kept, ${failed.length} refused`,
      );
    });
  });
}

await onEachDatabase(voteLimitUnderLoad, { seedScale: 0.05 });

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
    const top = contestGrid.parse((await t.rest('GET', `/contests/${contest.id}/topList?language=es`)).json());
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
    // Titles in the language asked: each entry's stored Spanish one.
    const titles = (items: typeof top.contestGridItems) => items.map((i) => i.title);
    const spanish = (items: typeof top.contestGridItems) =>
      items.map((i) => entries.find((entry) => entry.id === i.mediaId)!.title.es);
    assert.deepEqual(titles(top.contestGridItems), spanish(top.contestGridItems));

    const actorId = entries[0]!.actorId;
    const actor = contestGrid.parse(
      (await t.rest('GET', `/contests/${contest.id}/actor/${actorId}?language=es`)).json(),
    );
    assert.ok(actor.contestGridItems.length >= 1);
    assert.deepEqual(titles(actor.contestGridItems), spanish(actor.contestGridItems));
    assert.ok(actor.contestGridItems.every((i) => i.actorId === actorId && i.place !== null));
    assert.equal((await t.rest('GET', '/contests/999999/topList')).statusCode, 404);
    assert.equal((await t.rest('GET', '/contests/999999')).statusCode, 404);
    const visitorDetail = contestDetail.parse((await t.rest('GET', `/contests/${contest.id}`)).json());
    assert.equal(visitorDetail.guestData, null);
  });
});

describe('clash of cams voting', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  it('adds, moves and revokes a guest vote and pushes the counts to every reader', async () => {
    const { token } = await verifiedGuest(t);
    const { challenge, first, second } = await runningChallenge(t, token);
    const before = await teamVotes(t, challenge.id);
    const broadcast = mock.method(t.ctx.hub, 'broadcast');

    const added = await graphql(t, clashAddVoteMutation, { challengeId: challenge.id, teamId: first }, token);
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    assert.deepEqual(added.data!.clashAddVote.votes, [
      { teamId: first, votes: before.get(first)! + 1, hasVoted: true },
      { teamId: second, votes: before.get(second)!, hasVoted: false },
    ]);
    assert.deepEqual(broadcast.mock.calls.at(-1)!.arguments[0], {
      type: 'clashVoting',
      challengeId: challenge.id,
      votes: [
        { teamId: first, votes: before.get(first)! + 1 },
        { teamId: second, votes: before.get(second)! },
      ],
    });

    const moved = await graphql(t, clashAddVoteMutation, { challengeId: challenge.id, teamId: second }, token);
    assert.deepEqual(
      moved.data!.clashAddVote.votes.map((v) => [v.votes - before.get(v.teamId)!, v.hasVoted]),
      [
        [0, false],
        [1, true],
      ],
    );
    const read = await runningChallenge(t, token);
    assert.deepEqual(
      read.challenge.teams.map((team) => team.votes.hasVoted),
      [false, true],
    );

    const revoked = await graphql(t, clashRevokeVoteMutation, { challengeId: challenge.id }, token);
    assert.deepEqual(
      revoked.data!.clashRevokeVote.votes.map((v) => [v.votes - before.get(v.teamId)!, v.hasVoted]),
      [
        [0, false],
        [0, false],
      ],
    );
    const again = await graphql(t, clashRevokeVoteMutation, { challengeId: challenge.id }, token);
    assert.equal(errorOf(again), 'NOT_FOUND');
    assert.equal(broadcast.mock.callCount(), 3, 'a refused revoke pushes nothing');
    broadcast.mock.restore();
  });

  it('refuses bad clash votes with a clear code', async () => {
    const { token } = await verifiedGuest(t);
    const { clash, challenge, first } = await runningChallenge(t, token);
    const unknown = await graphql(t, clashAddVoteMutation, { challengeId: 999_999, teamId: first }, token);
    assert.equal(errorOf(unknown), 'NOT_FOUND');
    const strangerTeam = await graphql(t, clashAddVoteMutation, { challengeId: challenge.id, teamId: 999_999 }, token);
    assert.equal(errorOf(strangerTeam), 'NOT_FOUND');
    const ended = clash.challenges.find((c) => new Date(c.end) <= t.ctx.now());
    assert.ok(ended, 'the seed has an ended challenge');
    const late = await graphql(t, clashAddVoteMutation, { challengeId: ended.id, teamId: first }, token);
    assert.equal(errorOf(late), 'VOTING_CLOSED');
    const visitor = await graphql(
      t,
      clashAddVoteMutation,
      { challengeId: challenge.id, teamId: first },
      await t.anonymousToken(),
    );
    assert.equal(errorOf(visitor), 'LOGIN_REQUIRED');
  });

  it('decides ended challenges by votes, lets the jury overrule, and scores the teams by wins', async () => {
    const operator = await t.operatorToken();
    const { token } = await verifiedGuest(t);
    const { clash } = await runningChallenge(t, token);
    const ended = clash.challenges.filter((c) => new Date(c.end) <= t.ctx.now());
    assert.ok(ended.length >= 1);
    const target = ended[0]!;
    const [low, high] = target.teams.map((team) => team.id);
    // The challenge is decided afresh: the second team leads the votes.
    await t.ctx.db.update(clashChallenges).set({ winnerVoting: null }).where(eq(clashChallenges.id, target.id));
    await t.ctx.db
      .update(clashChallengeTeams)
      .set({ votes: 5 })
      .where(and(eq(clashChallengeTeams.challengeId, target.id), eq(clashChallengeTeams.teamId, low!)));
    await t.ctx.db
      .update(clashChallengeTeams)
      .set({ votes: 9 })
      .where(and(eq(clashChallengeTeams.challengeId, target.id), eq(clashChallengeTeams.teamId, high!)));

    const points = (c: typeof clash) => new Map(c.teams.map((team) => [team.id, team.points]));
    const wins = (c: typeof clash, team: number) => c.challenges.filter((ch) => ch.winner === team).length;
    const decided = (await runningChallenge(t, token)).clash;
    const settled = decided.challenges.find((c) => c.id === target.id)!;
    assert.equal(settled.winnerVoting, high);
    assert.equal(settled.winner, high);
    for (const team of decided.teams) assert.equal(team.points, CLASH_WIN_POINTS * wins(decided, team.id));

    const picked = await t.rest('POST', `/clash/challenges/${target.id}/winner`, operator, { teamId: low });
    assert.equal(picked.statusCode, 200, picked.body);
    const pick = clashChallenge.parse(picked.json());
    assert.equal(pick.winnerAdmin, low);
    assert.equal(pick.winner, low, "the jury's pick wins over the voting");
    const overruled = (await runningChallenge(t, token)).clash;
    assert.equal(points(overruled).get(low!), points(decided).get(low!)! + CLASH_WIN_POINTS);
    assert.equal(points(overruled).get(high!), points(decided).get(high!)! - CLASH_WIN_POINTS);

    const guest = await t.rest('POST', `/clash/challenges/${target.id}/winner`, token, { teamId: high });
    assert.equal(guest.statusCode, 403);
    const stranger = await t.rest('POST', `/clash/challenges/${target.id}/winner`, operator, { teamId: 999_999 });
    assert.equal(stranger.statusCode, 404);
  });
});
