import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  BLOG_CATEGORY_IDS,
  CLASH_WIN_POINTS,
  CONTEST_MAX_VOTES,
  CONTEST_TOP_LIST_SIZE,
  DAILY_BONUS_DAYS,
  LOYALTY_POINTS_PER_COIN,
  DAILY_BONUS_TIME_ZONE,
  addDaysToDate,
  dailyBonusDayEnd,
  dateInZone,
  hundredthsFromCoins,
  type BlogArchive,
  type BlogArticle,
  type BlogCategory,
  type BlogCategoryKey,
  type BlogPostTeaser,
  type Clash,
  type ClashVoting,
  type Contest,
  type ContestDetail,
  type ContestGrid,
  type ContestGridItem,
  type ContestGuestData,
  type ContestHeader,
  type ContestVoteInput,
  type ContestVoteResult,
  type DailyBonus,
  type Language,
  type MagazinePage,
  type Page,
  type SpecialEvent,
  type LoyaltyGrant,
  type LoyaltyHistoryEntry,
  type Spinwheel,
  type SpinwheelRewardType,
  type SpinwheelType,
  type TextInEveryLanguage,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from '../performers/age';
import { performerCard, performerCards, type PerformerCard } from '../performers/catalogue';
import { coinsSpent } from '../wallet/spending';
import { grantReward } from './rewards';
import {
  blogPostActors,
  blogPosts,
  clashChallenges,
  clashChallengeTeams,
  clashes,
  clashTeamMembers,
  clashTeams,
  clashVotes,
  contestGuests,
  contestMedia,
  contests,
  contestVotes,
  dailyBonusClaims,
  dailyBonusModels,
  dailyBonusOffers,
  loyaltyAccounts,
  loyaltyHistory,
  loyaltyMonthlyRewards,
  magazinePages,
  specialEvents,
  spinwheelSegments,
} from './schema';

/** Reads a stored text in the reader's language; a request without one reads English. */
export function localize<T>(value: Record<Language, T>, language: Language | undefined): T {
  return value[language ?? 'en'];
}
const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);

// ---------------------------------------------------------------------------------------------------------------
// Daily bonus

/** Today's offers (the Berlin calendar day of `now`) and those of the next two days. */
export async function dailyBonus(
  db: Database,
  viewer: { now: Date; gate: AgeGate; guestId: string | null },
  language?: Language,
): Promise<DailyBonus> {
  const { now, gate, guestId } = viewer;
  const today = dateInZone(now);
  const dates = Array.from({ length: DAILY_BONUS_DAYS }, (_, i) => addDaysToDate(today, i));
  const [rows, models] = await Promise.all([
    db.select().from(dailyBonusOffers).where(inArray(dailyBonusOffers.date, dates)).orderBy(asc(dailyBonusOffers.id)),
    db
      .select()
      .from(dailyBonusModels)
      .where(inArray(dailyBonusModels.date, dates))
      .orderBy(asc(dailyBonusModels.position)),
  ]);
  const [cards, consumed] = await Promise.all([
    performerCards(
      db,
      models.map((model) => model.actorId),
    ),
    guestId === null || rows.length === 0
      ? []
      : db
          .select({ offerId: dailyBonusClaims.offerId })
          .from(dailyBonusClaims)
          .where(
            and(
              eq(dailyBonusClaims.guestId, guestId),
              inArray(
                dailyBonusClaims.offerId,
                rows.map((row) => row.id),
              ),
            ),
          ),
  ]);
  return {
    timeZone: DAILY_BONUS_TIME_ZONE,
    today,
    endsAt: dailyBonusDayEnd(today).toISOString(),
    consumedOffers: consumed.map((claim) => claim.offerId).sort((a, b) => a - b),
    days: dates.map((date) => ({
      date,
      bonusModels: models
        .filter((model) => model.date === date && cards.has(model.actorId))
        .map((model) => {
          const card = cards.get(model.actorId)!;
          return {
            id: card.id,
            name: card.name,
            displayName: card.displayName,
            avatarUrl: performerAvatar(gate, card),
            isOnline: card.isOnline,
          };
        }),
      offers: rows
        .filter((row) => row.date === date)
        .map((row) => ({
          id: row.id,
          date: row.date,
          offer: row.offer as DailyBonus['days'][number]['offers'][number]['offer'],
          title: localize(row.title, language),
          description: localize(row.description, language),
          imageUrl: row.imageUrl,
          conditions: row.conditions,
          effect: row.effect,
          quantity: row.quantity,
          purchased: row.purchased,
          free: row.free,
          content: row.content ? { ...row.content, title: localize(row.content.title, language) } : null,
          dailyBonusPrice:
            row.priceValue === null || row.priceCurrency === null
              ? null
              : { value: row.priceValue, currency: row.priceCurrency as 'EUR' | 'VXC' },
        })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Contests

const contestColumns = {
  id: contests.id,
  type: contests.type,
  title: contests.title,
  description: contests.description,
  previewUrl: contests.previewUrl,
  start: contests.start,
  end: contests.end,
  // Column references render unqualified in a sql template, so the outer contest id is written out in full.
  entryCount: sql<number>`(select count(*)::int from ${contestMedia} where ${contestMedia.contestId} = ${contests}."id")`,
  totalVotes: sql<number>`(select coalesce(sum(${contestMedia.votes}), 0)::int from ${contestMedia} where ${contestMedia.contestId} = ${contests}."id")`,
};
type ContestRow = {
  id: number;
  type: 'photo' | 'video';
  title: TextInEveryLanguage;
  description: TextInEveryLanguage;
  previewUrl: string;
  start: Date;
  end: Date;
  entryCount: number;
};

function toContest(row: ContestRow, now: Date, language?: Language): Contest {
  return {
    id: row.id,
    type: row.type,
    title: localize(row.title, language),
    description: localize(row.description, language),
    previewUrl: row.previewUrl,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    isActive: row.start <= now && now < row.end,
    entryCount: row.entryCount,
  };
}

/** A performer's contest entry as other modules show it (the feed's contest posts). */
export interface ContestEntry {
  id: number;
  contestId: number;
  actorId: number;
  previewUrl: string;
  width: number;
  height: number;
}
const contestEntryColumns = {
  id: contestMedia.id,
  contestId: contestMedia.contestId,
  actorId: contestMedia.actorId,
  previewUrl: contestMedia.previewUrl,
  width: contestMedia.width,
  height: contestMedia.height,
};

/** Contest entries as a subquery, to join where a page of another module names them (the feed's contest posts). */
export const contestEntryRows = (db: Database) => db.select(contestEntryColumns).from(contestMedia).as('contest_entry');

/** Contest entries by id (all of them without ids), oldest first. */
export async function contestEntries(db: Database, ids?: readonly number[]): Promise<ContestEntry[]> {
  if (ids && !ids.length) return [];
  return db
    .select(contestEntryColumns)
    .from(contestMedia)
    .where(ids ? inArray(contestMedia.id, [...ids]) : undefined)
    .orderBy(asc(contestMedia.id));
}

/** Running contests first (ending soonest), then ended ones, newest first. */
export async function listContests(db: Database, now: Date, language?: Language): Promise<Contest[]> {
  const rows = await db.select(contestColumns).from(contests).orderBy(desc(contests.end));
  return rows.map((row) => toContest(row, now, language)).sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

export async function contestHeader(db: Database, id: number, now: Date, language?: Language): Promise<ContestHeader> {
  const [row] = await db.select(contestColumns).from(contests).where(eq(contests.id, id));
  if (!row) throw notFound('Contest');
  return { ...toContest(row, now, language), maxVotes: CONTEST_MAX_VOTES, totalVotes: row.totalVotes };
}

async function contestOrThrow(db: Database, contestId: number) {
  const [contest] = await db
    .select({ start: contests.start, end: contests.end })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!contest) throw notFound('Contest');
  return contest;
}

/** Every entry's 1-based place by votes (ties by the earlier entry) over the whole contest. */
async function contestPlaces(db: Database, contestId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: contestMedia.id })
    .from(contestMedia)
    .where(eq(contestMedia.contestId, contestId))
    .orderBy(desc(contestMedia.votes), asc(contestMedia.id));
  return new Map(rows.map((r, i) => [r.id, i + 1]));
}

const gridColumns = { media: contestMedia, actorName: performerCard.name, actorDisplayName: performerCard.displayName };
type GridRow = { media: typeof contestMedia.$inferSelect; actorName: string; actorDisplayName: string };

const toGridItem = (
  { media, actorName, actorDisplayName }: GridRow,
  place: number | null,
  language: Language | undefined,
): ContestGridItem => ({
  itemHash: `${media.contestId}-${media.id}`,
  mediaId: media.id,
  albumId: media.albumId,
  actorId: media.actorId,
  actorName,
  actorDisplayName,
  title: localize(media.title, language),
  previewUrl: media.previewUrl,
  width: media.width,
  height: media.height,
  mediaVotes: media.votes,
  place,
});

export async function contestGridItems(
  db: Database,
  options: {
    contestId: number;
    sub: 'all' | 'top';
    limit: number;
    offset: number;
    actorName?: string;
    now: Date;
    language?: Language;
  },
): Promise<ContestGrid> {
  const contest = await contestOrThrow(db, options.contestId);
  const filter: SQL[] = [eq(contestMedia.contestId, options.contestId)];
  if (options.actorName) filter.push(eq(performerCard.name, options.actorName.toLowerCase()));
  const where = and(...filter);
  const { items: rows, total } = await countedPage(
    db
      .select(gridColumns)
      .from(contestMedia)
      .innerJoin(performerCard, eq(performerCard.id, contestMedia.actorId))
      .where(where)
      .orderBy(
        ...(options.sub === 'top' ? [desc(contestMedia.votes)] : [desc(contestMedia.createdAt)]),
        asc(contestMedia.id),
      )
      .$dynamic(),
    db
      .select({ total: count() })
      .from(contestMedia)
      .innerJoin(performerCard, eq(performerCard.id, contestMedia.actorId))
      .where(where),
    options,
  );
  // Places are by votes over the whole contest, so they hold whatever view or filter is shown.
  const places = contest.end <= options.now ? await contestPlaces(db, options.contestId) : null;
  return {
    elementsCount: total,
    contestGridItems: rows.map((row) => toGridItem(row, places?.get(row.media.id) ?? null, options.language)),
  };
}

/** The leading entries by votes with their places (the standing so far while the contest runs). */
export async function contestTopList(db: Database, contestId: number, language?: Language): Promise<ContestGrid> {
  await contestOrThrow(db, contestId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(gridColumns)
      .from(contestMedia)
      .innerJoin(performerCard, eq(performerCard.id, contestMedia.actorId))
      .where(eq(contestMedia.contestId, contestId))
      .orderBy(desc(contestMedia.votes), asc(contestMedia.id))
      .limit(CONTEST_TOP_LIST_SIZE),
    db.select({ total: count() }).from(contestMedia).where(eq(contestMedia.contestId, contestId)),
  ]);
  return { elementsCount: total, contestGridItems: rows.map((row, i) => toGridItem(row, i + 1, language)) };
}

/** One performer's entries in a contest, best first, with their places among all entries. */
export async function contestActorEntries(
  db: Database,
  contestId: number,
  actorId: number,
  language?: Language,
): Promise<ContestGrid> {
  await contestOrThrow(db, contestId);
  const rows = await db
    .select(gridColumns)
    .from(contestMedia)
    .innerJoin(performerCard, eq(performerCard.id, contestMedia.actorId))
    .where(and(eq(contestMedia.contestId, contestId), eq(contestMedia.actorId, actorId)))
    .orderBy(desc(contestMedia.votes), asc(contestMedia.id));
  const places = rows.length ? await contestPlaces(db, contestId) : new Map<number, number>();
  return {
    elementsCount: rows.length,
    contestGridItems: rows.map((row) => toGridItem(row, places.get(row.media.id) ?? null, language)),
  };
}

const guestVoteFilter = (contestId: number, guestId: string) =>
  and(eq(contestVotes.contestId, contestId), eq(contestVotes.guestId, guestId));

async function guestStanding(db: Database, contestId: number, guestId: string): Promise<ContestGuestData> {
  const [{ votes } = { votes: 0 }] = await db
    .select({ votes: count() })
    .from(contestVotes)
    .where(guestVoteFilter(contestId, guestId));
  const [standing] = await db
    .select({ hide: contestGuests.hideVoteLimitModal })
    .from(contestGuests)
    .where(and(eq(contestGuests.contestId, contestId), eq(contestGuests.guestId, guestId)));
  return { voteCount: votes, hideVoteLimitModal: standing?.hide ?? false };
}

export async function contestGuestData(db: Database, contestId: number, guestId: string): Promise<ContestGuestData> {
  await contestOrThrow(db, contestId);
  return guestStanding(db, contestId, guestId);
}

/** A contest with the caller's votes in it when she is a logged-in guest. */
export async function contestDetail(
  db: Database,
  contestId: number,
  guestId: string | null,
  now: Date,
  language?: Language,
): Promise<ContestDetail> {
  const contest = await contestHeader(db, contestId, now, language);
  return { contest, guestData: guestId ? await guestStanding(db, contestId, guestId) : null };
}

/**
 * Casts (`change` 1) or withdraws (-1) one of the guest's votes on a contest entry while the contest runs. A guest
 * without the age check is sent to it and nothing is counted; a vote beyond CONTEST_MAX_VOTES is refused.
 */
export async function changeContestVote(
  db: Database,
  options: {
    guestId: string;
    ageVerified: boolean;
    input: ContestVoteInput;
    change: 1 | -1;
    now: Date;
  },
): Promise<ContestVoteResult> {
  const { guestId, input, now } = options;
  const { contestId, mediaId } = input;
  const contest = await contestOrThrow(db, contestId);
  const [media] = await db
    .select({ actorId: contestMedia.actorId, votes: contestMedia.votes })
    .from(contestMedia)
    .where(and(eq(contestMedia.id, mediaId), eq(contestMedia.contestId, contestId)));
  if (!media || (input.actorId !== undefined && input.actorId !== media.actorId)) throw notFound('Contest entry');
  if (!(contest.start <= now && now < contest.end)) {
    throw new HttpError(409, 'VOTING_CLOSED', 'This contest is not open for votes');
  }
  const answer = (success: boolean, mediaVotes: number, standing: ContestGuestData): ContestVoteResult => ({
    success,
    needAvs: !options.ageVerified,
    guestId,
    contestId,
    mediaId,
    mediaVotes,
    ...standing,
  });
  if (!options.ageVerified) return answer(false, media.votes, await guestStanding(db, contestId, guestId));

  return db.transaction(async (tx) => {
    await tx.insert(contestGuests).values({ contestId, guestId }).onConflictDoNothing();
    // Her standing row is locked first: her parallel votes wait here, so each counts the votes committed before it
    // and no two of them can both take the last of the five.
    const [standing] = await tx
      .select()
      .from(contestGuests)
      .where(and(eq(contestGuests.contestId, contestId), eq(contestGuests.guestId, guestId)))
      .for('update');
    let hideVoteLimitModal = standing?.hideVoteLimitModal ?? false;
    if (input.hideConfirmWindow !== undefined && input.hideConfirmWindow !== hideVoteLimitModal) {
      hideVoteLimitModal = input.hideConfirmWindow;
      await tx
        .update(contestGuests)
        .set({ hideVoteLimitModal })
        .where(and(eq(contestGuests.contestId, contestId), eq(contestGuests.guestId, guestId)));
    }
    const [{ votes } = { votes: 0 }] = await tx
      .select({ votes: count() })
      .from(contestVotes)
      .where(guestVoteFilter(contestId, guestId));
    if (options.change > 0) {
      if (votes >= CONTEST_MAX_VOTES) {
        throw new HttpError(409, 'VOTE_LIMIT_REACHED', `Every guest has ${CONTEST_MAX_VOTES} votes per contest`);
      }
      await tx.insert(contestVotes).values({ contestId, mediaId, guestId, createdAt: now });
    } else {
      const [last] = await tx
        .select({ id: contestVotes.id })
        .from(contestVotes)
        .where(and(guestVoteFilter(contestId, guestId), eq(contestVotes.mediaId, mediaId)))
        .orderBy(desc(contestVotes.id))
        .limit(1);
      if (!last) throw notFound('Your vote on this entry');
      await tx.delete(contestVotes).where(eq(contestVotes.id, last.id));
    }
    const [updated] = await tx
      .update(contestMedia)
      .set({ votes: sql`${contestMedia.votes} + ${options.change}` })
      .where(eq(contestMedia.id, mediaId))
      .returning({ votes: contestMedia.votes });
    return answer(true, updated!.votes, { voteCount: votes + options.change, hideVoteLimitModal });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Blog

const CATEGORY_KEY_BY_ID = new Map(
  Object.entries(BLOG_CATEGORY_IDS).map(([key, id]) => [id as number, key as BlogCategoryKey]),
);

type BlogPostRow = typeof blogPosts.$inferSelect;
function toTeaser(row: BlogPostRow, language?: Language): BlogPostTeaser {
  return {
    id: row.id,
    slug: row.slug,
    categoryId: row.categoryId,
    title: localize(row.title, language),
    teaser: localize(row.teaser, language),
    imageUrl: row.imageUrl,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
    published: row.published.toISOString(),
    featured: row.featured,
  };
}

/** Featured (506) is a flag on posts of the other categories, not a category of its own. */
function categoryFilter(categoryId: number | null): SQL | undefined {
  if (categoryId === null) return undefined;
  if (categoryId === BLOG_CATEGORY_IDS.featured) return eq(blogPosts.featured, true);
  return eq(blogPosts.categoryId, categoryId);
}

export async function blogCategories(db: Database, now: Date): Promise<BlogCategory[]> {
  const published = lt(blogPosts.published, now);
  const rows = await db
    .select({ id: blogPosts.categoryId, total: count() })
    .from(blogPosts)
    .where(published)
    .groupBy(blogPosts.categoryId);
  const [{ featured } = { featured: 0 }] = await db
    .select({ featured: count() })
    .from(blogPosts)
    .where(and(published, eq(blogPosts.featured, true)));
  const totals = new Map(rows.map((r) => [r.id, r.total]));
  totals.set(BLOG_CATEGORY_IDS.featured, featured);
  return [...CATEGORY_KEY_BY_ID].map(([id, key]) => ({ id, key, total: totals.get(id) ?? 0 }));
}

export async function blogPostsPage(
  db: Database,
  options: {
    categoryId: number | null;
    page: number;
    pageSize: number;
    exclude: number[];
    now: Date;
    language?: Language;
  },
): Promise<Page<BlogPostTeaser>> {
  const where = and(
    lt(blogPosts.published, options.now),
    categoryFilter(options.categoryId),
    options.exclude.length ? notInArray(blogPosts.id, options.exclude) : undefined,
  );
  const { items: rows, total } = await countedPage(
    db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.published), desc(blogPosts.id)).$dynamic(),
    db.select({ total: count() }).from(blogPosts).where(where),
    pageWindow(options.page, options.pageSize),
  );
  return {
    items: rows.map((r) => toTeaser(r, options.language)),
    total,
    page: options.page,
    pageSize: options.pageSize,
  };
}

export async function blogArchives(
  db: Database,
  options: { categoryId: number | null; year?: number; page: number; pageSize: number; now: Date; language?: Language },
): Promise<BlogArchive> {
  const base = and(lt(blogPosts.published, options.now), categoryFilter(options.categoryId));
  const yearOf = sql<number>`extract(year from ${blogPosts.published} at time zone 'Europe/Berlin')::int`;
  const years = await db
    .select({ year: yearOf, count: count() })
    .from(blogPosts)
    .where(base)
    .groupBy(yearOf)
    .orderBy(desc(yearOf));
  const where = options.year === undefined ? base : and(base, eq(yearOf, options.year));
  const { items: rows, total } = await countedPage(
    db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.published), desc(blogPosts.id)).$dynamic(),
    db.select({ total: count() }).from(blogPosts).where(where),
    pageWindow(options.page, options.pageSize),
  );
  return {
    years,
    year: options.year ?? null,
    posts: {
      items: rows.map((r) => toTeaser(r, options.language)),
      total,
      page: options.page,
      pageSize: options.pageSize,
    },
  };
}

const actorColumns = {
  id: performerCard.id,
  name: performerCard.name,
  displayName: performerCard.displayName,
  avatarUrl: performerCard.avatarUrl,
  ageRating: performerCard.ageRating,
};

/** A performer named by a blog post, her avatar as the caller's age gate shows it. */
const toBlogActor = (
  gate: AgeGate,
  card: Pick<PerformerCard, 'id' | 'name' | 'displayName' | 'avatarUrl' | 'ageRating'>,
) => ({
  id: card.id,
  name: card.name,
  displayName: card.displayName,
  avatarUrl: performerAvatar(gate, card),
});

/** Performers by id, in the order asked for (unknown ids are left out). */
export async function blogActors(db: Database, gate: AgeGate, ids: number[]) {
  const cards = await performerCards(db, ids);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [toBlogActor(gate, card)] : [];
  });
}

const SIMILAR_POSTS = 3;

export async function blogArticle(
  db: Database,
  gate: AgeGate,
  slug: string,
  now: Date,
  language?: Language,
): Promise<BlogArticle> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), lt(blogPosts.published, now)));
  if (!row) throw notFound('Blog post');
  const postActors = await db
    .select(actorColumns)
    .from(blogPostActors)
    .innerJoin(performerCard, eq(performerCard.id, blogPostActors.actorId))
    .where(eq(blogPostActors.postId, row.id));
  const [previous] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.categoryId, row.categoryId), lt(blogPosts.published, row.published)))
    .orderBy(desc(blogPosts.published))
    .limit(1);
  const similar = await db
    .select()
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.categoryId, row.categoryId),
        lt(blogPosts.published, now),
        notInArray(blogPosts.id, [row.id, ...(previous ? [previous.id] : [])]),
      ),
    )
    .orderBy(desc(blogPosts.published))
    .limit(SIMILAR_POSTS);
  return {
    post: {
      ...toTeaser(row, language),
      body: localize(row.body, language),
      actors: postActors.map((actor) => toBlogActor(gate, actor)),
    },
    previous: previous ? toTeaser(previous, language) : null,
    similar: similar.map((r) => toTeaser(r, language)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Special events and magazine pages

type EventRow = typeof specialEvents.$inferSelect;
export function toEvent(row: EventRow, now: Date, language?: Language): SpecialEvent {
  return {
    id: row.id,
    slug: row.slug,
    gameType: row.gameType as SpecialEvent['gameType'],
    name: localize(row.name, language),
    description: localize(row.description, language),
    imageUrl: row.imageUrl,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    hasStarted: row.startDate <= now,
    hasEnded: row.endDate <= now,
    dailyAttempts: row.dailyAttempts,
  };
}

/** Running events first, then upcoming, then ended ones. */
export async function listSpecialEvents(db: Database, now: Date, language?: Language): Promise<SpecialEvent[]> {
  const rows = await db.select().from(specialEvents).orderBy(asc(specialEvents.startDate));
  const rank = (e: SpecialEvent) => (e.hasStarted && !e.hasEnded ? 0 : e.hasStarted ? 2 : 1);
  return rows.map((row) => toEvent(row, now, language)).sort((a, b) => rank(a) - rank(b));
}

async function magazinePagesWhere(
  db: Database,
  where: SQL | undefined,
  now: Date,
  language?: Language,
): Promise<MagazinePage[]> {
  const rows = await db
    .select({ page: magazinePages, event: specialEvents })
    .from(magazinePages)
    .leftJoin(specialEvents, eq(specialEvents.id, magazinePages.eventId))
    .where(where)
    .orderBy(asc(magazinePages.id));
  return rows.map(({ page, event }) => ({
    id: page.id,
    slug: page.slug,
    title: localize(page.title, language),
    teaser: localize(page.teaser, language),
    body: localize(page.body, language),
    imageUrl: page.imageUrl,
    imageWidth: page.imageWidth,
    imageHeight: page.imageHeight,
    event: event ? toEvent(event, now, language) : null,
  }));
}

export const listMagazinePages = (db: Database, now: Date, language?: Language) =>
  magazinePagesWhere(db, undefined, now, language);

export async function magazinePage(db: Database, slug: string, now: Date, language?: Language): Promise<MagazinePage> {
  const [page] = await magazinePagesWhere(db, eq(magazinePages.slug, slug), now, language);
  if (!page) throw notFound('Magazine page');
  return page;
}

/** Another promo page than the one being read (to link on). */
export async function randomMagazinePage(
  db: Database,
  excludeId: number,
  now: Date,
  language?: Language,
): Promise<MagazinePage> {
  const pages = await magazinePagesWhere(db, ne(magazinePages.id, excludeId), now, language);
  const page = pages[Math.floor(Math.random() * pages.length)];
  if (!page) throw notFound('Magazine page');
  return page;
}

// ---------------------------------------------------------------------------------------------------------------
// Clash of cams

/**
 * Decides the challenges of a clash that have ended without a voting winner (most votes; a tie goes to the team
 * that joined first) and sets every team's points: CLASH_WIN_POINTS per challenge won, the jury's pick before
 * the voting's. Idempotent, so every reader may run it.
 */
async function settleClash(db: Database, clashId: number, now: Date): Promise<void> {
  const open = await db
    .select({ id: clashChallenges.id })
    .from(clashChallenges)
    .where(
      and(eq(clashChallenges.clashId, clashId), lte(clashChallenges.end, now), isNull(clashChallenges.winnerVoting)),
    );
  for (const { id } of open) {
    const [leader] = await db
      .select({ teamId: clashChallengeTeams.teamId })
      .from(clashChallengeTeams)
      .where(eq(clashChallengeTeams.challengeId, id))
      .orderBy(desc(clashChallengeTeams.votes), asc(clashChallengeTeams.teamId))
      .limit(1);
    if (leader) await db.update(clashChallenges).set({ winnerVoting: leader.teamId }).where(eq(clashChallenges.id, id));
  }
  if (open.length) await scoreClashTeams(db, clashId);
}

async function scoreClashTeams(db: Database, clashId: number): Promise<void> {
  await db
    .update(clashTeams)
    .set({
      points: sql`${CLASH_WIN_POINTS} * (select count(*)::int from ${clashChallenges} where ${clashChallenges.clashId} = ${clashTeams}."clash_id" and coalesce(${clashChallenges.winnerAdmin}, ${clashChallenges.winnerVoting}) = ${clashTeams}."id")`,
    })
    .where(eq(clashTeams.clashId, clashId));
}

async function challengeOrThrow(db: Database, challengeId: number, teamId: number | null) {
  const [challenge] = await db.select().from(clashChallenges).where(eq(clashChallenges.id, challengeId));
  if (!challenge) throw notFound('Clash challenge');
  if (teamId !== null) {
    const [team] = await db
      .select({ teamId: clashChallengeTeams.teamId })
      .from(clashChallengeTeams)
      .where(and(eq(clashChallengeTeams.challengeId, challengeId), eq(clashChallengeTeams.teamId, teamId)));
    if (!team) throw notFound('Team of this challenge');
  }
  return challenge;
}

/** A challenge's team votes; `hasVoted` is the guest's own. */
export async function clashChallengeVotes(
  db: Database,
  challengeId: number,
  guestId: string | null,
): Promise<ClashVoting> {
  const teams = await db
    .select({ teamId: clashChallengeTeams.teamId, votes: clashChallengeTeams.votes })
    .from(clashChallengeTeams)
    .where(eq(clashChallengeTeams.challengeId, challengeId))
    .orderBy(asc(clashChallengeTeams.teamId));
  const [mine] = guestId
    ? await db
        .select({ teamId: clashVotes.teamId })
        .from(clashVotes)
        .where(and(eq(clashVotes.challengeId, challengeId), eq(clashVotes.guestId, guestId)))
    : [];
  return { challengeId, votes: teams.map((t) => ({ ...t, hasVoted: t.teamId === mine?.teamId })) };
}

/**
 * Sets the guest's one vote in a running challenge to a team of it (`teamId`), moving an earlier one, or revokes
 * it (null). Her vote row is locked first, so her parallel votes apply one after another and each team's count
 * stays the number of its votes.
 */
export async function castClashVote(
  db: Database,
  options: { guestId: string; challengeId: number; teamId: number | null; now: Date },
): Promise<ClashVoting> {
  const { guestId, challengeId, teamId, now } = options;
  const challenge = await challengeOrThrow(db, challengeId, teamId);
  if (!(challenge.start <= now && now < challenge.end)) {
    throw new HttpError(409, 'VOTING_CLOSED', 'This challenge is not open for votes');
  }
  await db.transaction(async (tx) => {
    const mine = and(eq(clashVotes.challengeId, challengeId), eq(clashVotes.guestId, guestId));
    const count = (team: number, change: 1 | -1) =>
      tx
        .update(clashChallengeTeams)
        .set({ votes: sql`${clashChallengeTeams.votes} + ${change}` })
        .where(and(eq(clashChallengeTeams.challengeId, challengeId), eq(clashChallengeTeams.teamId, team)));
    const locked = () => tx.select({ teamId: clashVotes.teamId }).from(clashVotes).where(mine).for('update');
    let [previous] = await locked();
    if (!previous && teamId !== null) {
      const inserted = await tx
        .insert(clashVotes)
        .values({ challengeId, teamId, guestId, createdAt: now })
        .onConflictDoNothing()
        .returning({ teamId: clashVotes.teamId });
      if (inserted.length) {
        await count(teamId, 1);
        return;
      }
      // A parallel vote of hers got in first: it is the one to move.
      [previous] = await locked();
    }
    if (!previous) throw notFound('Your vote in this challenge');
    if (previous.teamId === teamId) return;
    await count(previous.teamId, -1);
    if (teamId === null) {
      await tx.delete(clashVotes).where(mine);
    } else {
      await tx.update(clashVotes).set({ teamId, createdAt: now }).where(mine);
      await count(teamId, 1);
    }
  });
  return clashChallengeVotes(db, challengeId, guestId);
}

/** An operator's pick of a challenge's winner (null withdraws it); the teams' points follow. */
export async function setClashWinner(db: Database, challengeId: number, teamId: number | null): Promise<number> {
  const challenge = await challengeOrThrow(db, challengeId, teamId);
  await db.update(clashChallenges).set({ winnerAdmin: teamId }).where(eq(clashChallenges.id, challengeId));
  await scoreClashTeams(db, challenge.clashId);
  return challenge.clashId;
}

/** A clash by id, or without one the clash running now (else the one that started last). */
export async function findClash(
  db: Database,
  gate: AgeGate,
  id: number | null,
  guestId: string | null,
  now: Date,
  language?: Language,
): Promise<Clash | null> {
  const [row] =
    id !== null
      ? await db.select().from(clashes).where(eq(clashes.id, id))
      : await db
          .select()
          .from(clashes)
          .where(lt(clashes.start, now))
          .orderBy(sql`(${clashes.end} > ${now}) desc`, desc(clashes.start))
          .limit(1);
  if (!row) return null;
  await settleClash(db, row.id, now);
  const teams = await db.select().from(clashTeams).where(eq(clashTeams.clashId, row.id)).orderBy(asc(clashTeams.id));
  const teamIds = teams.map((t) => t.id);
  const members = teamIds.length
    ? await db
        .select({ teamId: clashTeamMembers.teamId, actorId: clashTeamMembers.actorId })
        .from(clashTeamMembers)
        .where(inArray(clashTeamMembers.teamId, teamIds))
        .orderBy(asc(clashTeamMembers.actorId))
    : [];
  const people = await performerCards(db, [...teams.map((t) => t.captainId), ...members.map((m) => m.actorId)]);
  const person = (actor: PerformerCard, captain: boolean) => ({
    id: actor.id,
    name: actor.name,
    displayName: actor.displayName,
    online: captain ? actor.isOnline : null,
    avatarUrl: performerAvatar(gate, actor),
    age: actor.age,
  });
  const challenges = await db
    .select()
    .from(clashChallenges)
    .where(eq(clashChallenges.clashId, row.id))
    .orderBy(asc(clashChallenges.start));
  const challengeIds = challenges.map((c) => c.id);
  const challengeTeams = challengeIds.length
    ? await db.select().from(clashChallengeTeams).where(inArray(clashChallengeTeams.challengeId, challengeIds))
    : [];
  const guestVotes =
    guestId && challengeIds.length
      ? await db
          .select()
          .from(clashVotes)
          .where(and(eq(clashVotes.guestId, guestId), inArray(clashVotes.challengeId, challengeIds)))
      : [];
  return {
    id: row.id,
    name: row.name,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    themeId: row.themeId,
    teams: teams.map((team) => {
      const captain = people.get(team.captainId);
      if (!captain) throw new Error(`Clash team ${team.id} has no captain`);
      return {
        id: team.id,
        name: team.name,
        points: team.points,
        teamCaptain: person(captain, true),
        member: members
          .filter((m) => m.teamId === team.id && m.actorId !== team.captainId)
          .flatMap((m) => {
            const member = people.get(m.actorId);
            return member ? [person(member, false)] : [];
          }),
      };
    }),
    challenges: challenges.map((challenge) => ({
      id: challenge.id,
      name: challenge.name,
      type: challenge.type,
      start: challenge.start.toISOString(),
      end: challenge.end.toISOString(),
      clashId: row.id,
      title: localize(challenge.title, language),
      subTitle: localize(challenge.subTitle, language),
      description: localize(challenge.description, language),
      previewPicture: challenge.previewPicture,
      winnerAdmin: challenge.winnerAdmin,
      winnerVoting: challenge.winnerVoting,
      winner: challenge.winnerAdmin ?? challenge.winnerVoting,
      votable: challenge.start <= now && now < challenge.end,
      moderator: { name: challenge.moderatorName, previewPicture: challenge.moderatorPicture },
      teams: challengeTeams
        .filter((ct) => ct.challengeId === challenge.id)
        .sort((a, b) => a.teamId - b.teamId)
        .map((ct) => ({
          id: ct.teamId,
          votes: {
            teamId: ct.teamId,
            votes: ct.votes,
            hasVoted: guestVotes.some((v) => v.challengeId === challenge.id && v.teamId === ct.teamId),
          },
          media: ct.media.map((m) => ({ ...m, srcH5Live: null })),
        })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Spinwheel

const REWARD_LABELS: Record<string, TextInEveryLanguage> = {
  freeSpins: { de: 'Freidrehs', en: 'free spins', nl: 'gratis draaien', es: 'giros gratis' },
  bonus: { de: 'Bonus-Coins', en: 'bonus coins', nl: 'bonuscoins', es: 'monedas de bono' },
  freeMessages: { de: 'Gratis-Nachrichten', en: 'free messages', nl: 'gratis berichten', es: 'mensajes gratis' },
  videoVoucher: { de: 'Video-Gutschein', en: 'video voucher', nl: 'videotegoedbon', es: 'vale de vídeo' },
  messengerGift: { de: 'Messenger-Geschenk', en: 'messenger gift', nl: 'messenger-cadeau', es: 'regalo de mensajero' },
  blank: { de: 'Niete', en: 'no win', nl: 'niets gewonnen', es: 'sin premio' },
};

/** The ledger's hundredths in one coin. */
const COIN = hundredthsFromCoins(1);

const segmentLabel = (rewardType: string, value: number, language?: Language) => {
  const name = REWARD_LABELS[rewardType];
  return name ? `${value > 0 ? `${value} ` : ''}${localize(name, language)}` : rewardType;
};

/** The Berlin calendar month of `now` (YYYY-MM) and the instants it starts and ends. */
export function loyaltyMonth(now: Date): { month: string; from: Date; to: Date } {
  const month = dateInZone(now).slice(0, 7);
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
  // A day's end is 23:59:59 Berlin time, so a month starts one second after its previous day ends.
  const startOf = (firstDay: string) => new Date(dailyBonusDayEnd(addDaysToDate(firstDay, -1)).getTime() + 1000);
  return { month, from: startOf(`${month}-01`), to: startOf(next) };
}

/** The guest's loyalty points: LOYALTY_POINTS_PER_COIN per whole coin she spent in this Berlin month. */
export async function loyaltyPoints(db: Database, guestId: string, now: Date): Promise<number> {
  const { from, to } = loyaltyMonth(now);
  const spent = await coinsSpent(db, guestId, from, to);
  return Math.max(0, Math.floor(spent / COIN) * LOYALTY_POINTS_PER_COIN);
}

export async function spinsOf(db: Database, guestId: string): Promise<number> {
  const [account] = await db
    .select({ spins: loyaltyAccounts.spins })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.guestId, guestId));
  return account?.spins ?? 0;
}

export async function spinwheel(
  db: Database,
  type: SpinwheelType,
  guestId: string | null,
  now: Date,
  language?: Language,
): Promise<Spinwheel> {
  const segments = await db
    .select()
    .from(spinwheelSegments)
    .where(eq(spinwheelSegments.wheelType, type))
    .orderBy(asc(spinwheelSegments.position));
  const rewards = await db
    .select()
    .from(loyaltyMonthlyRewards)
    .where(eq(loyaltyMonthlyRewards.wheelType, type))
    .orderBy(asc(loyaltyMonthlyRewards.requiredPoints));
  const guest = guestId ? { points: await loyaltyPoints(db, guestId, now), spins: await spinsOf(db, guestId) } : null;
  const redeemed = guestId
    ? new Set(
        (
          await db
            .select({ rewardId: loyaltyHistory.rewardId })
            .from(loyaltyHistory)
            .where(and(eq(loyaltyHistory.guestId, guestId), eq(loyaltyHistory.month, loyaltyMonth(now).month)))
        ).map((r) => r.rewardId),
      )
    : new Set<number | null>();
  return {
    type,
    segments: segments.map((s) => ({
      id: s.id,
      rewardType: s.rewardType as SpinwheelRewardType,
      value: s.value,
      label: segmentLabel(s.rewardType, s.value, language),
    })),
    monthlyRewards: rewards.map((r) => ({
      id: r.id,
      type: r.rewardType as SpinwheelRewardType,
      requiredPoints: r.requiredPoints,
      value: r.value,
      isRedeemed: redeemed.has(r.id),
      isRedeemable: guest !== null && !redeemed.has(r.id) && guest.points >= r.requiredPoints,
    })),
    guest,
  };
}

/** Gives a won or redeemed reward through the reward engine, once per history row (its claim). */
const grantLoyaltyReward = (
  tx: Database,
  guestId: string,
  historyId: number,
  rewardType: string,
  value: number,
  at: Date,
) =>
  grantReward(tx, {
    guestId,
    claim: `loyalty:${historyId}`,
    source: 'loyalty',
    type: rewardType as SpinwheelRewardType,
    value,
    at,
  });

/**
 * Spins a wheel with one of the guest's spins. The prize is drawn here, on the server, and given in the same
 * transaction that takes the spin, so a spin is paid and won once; without a spin left nothing is drawn.
 */
export async function spin(
  db: Database,
  options: { guestId: string; type: SpinwheelType; now: Date; language?: Language },
): Promise<LoyaltyGrant> {
  const { guestId, type, now } = options;
  const segments = await db.select().from(spinwheelSegments).where(eq(spinwheelSegments.wheelType, type));
  if (segments.length === 0) throw notFound('Spinwheel');
  const won = await db.transaction(async (tx) => {
    // One guarded update takes the spin: parallel spins of hers each need a spin of their own.
    const [taken] = await tx
      .update(loyaltyAccounts)
      .set({ spins: sql`${loyaltyAccounts.spins} - 1` })
      .where(and(eq(loyaltyAccounts.guestId, guestId), gt(loyaltyAccounts.spins, 0)))
      .returning({ spins: loyaltyAccounts.spins });
    if (!taken) throw new HttpError(409, 'NO_SPINS', 'You have no spins left');
    const segment = segments[randomInt(segments.length)]!;
    const [row] = await tx
      .insert(loyaltyHistory)
      .values({
        guestId,
        kind: 'spin',
        wheelType: type,
        rewardType: segment.rewardType,
        value: segment.value,
        segmentId: segment.id,
        createdAt: now,
      })
      .returning({ id: loyaltyHistory.id });
    await grantLoyaltyReward(tx, guestId, row!.id, segment.rewardType, segment.value, now);
    return segment;
  });
  return {
    segmentId: won.id,
    rewardType: won.rewardType as SpinwheelRewardType,
    value: won.value,
    label: segmentLabel(won.rewardType, won.value, options.language),
    spins: await spinsOf(db, guestId),
    points: await loyaltyPoints(db, guestId, now),
  };
}

/** Redeems a monthly reward the guest's points reach, once per Berlin month. */
export async function redeemLoyaltyReward(
  db: Database,
  options: { guestId: string; rewardId: number; now: Date; language?: Language },
): Promise<LoyaltyGrant> {
  const { guestId, rewardId, now } = options;
  const [reward] = await db.select().from(loyaltyMonthlyRewards).where(eq(loyaltyMonthlyRewards.id, rewardId));
  if (!reward) throw notFound('Loyalty reward');
  const points = await loyaltyPoints(db, guestId, now);
  if (points < reward.requiredPoints) {
    throw new HttpError(409, 'REWARD_NOT_REDEEMABLE', `This reward needs ${reward.requiredPoints} points`);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(loyaltyHistory)
      .values({
        guestId,
        kind: 'monthlyReward',
        wheelType: reward.wheelType,
        rewardType: reward.rewardType,
        value: reward.value,
        rewardId,
        month: loyaltyMonth(now).month,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: loyaltyHistory.id });
    if (!row) throw new HttpError(409, 'REWARD_NOT_REDEEMABLE', 'This reward was redeemed this month already');
    await grantLoyaltyReward(tx, guestId, row.id, reward.rewardType, reward.value, now);
  });
  return {
    segmentId: null,
    rewardType: reward.rewardType as SpinwheelRewardType,
    value: reward.value,
    label: segmentLabel(reward.rewardType, reward.value, options.language),
    spins: await spinsOf(db, guestId),
    points,
  };
}

/** The guest's spins and redeemed rewards, newest first. */
export async function loyaltyRewardHistory(
  db: Database,
  guestId: string,
  language?: Language,
): Promise<LoyaltyHistoryEntry[]> {
  const rows = await db
    .select()
    .from(loyaltyHistory)
    .where(eq(loyaltyHistory.guestId, guestId))
    .orderBy(desc(loyaltyHistory.createdAt), desc(loyaltyHistory.id))
    .limit(LOYALTY_HISTORY_SIZE);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    wheelType: row.wheelType as SpinwheelType,
    rewardType: row.rewardType as SpinwheelRewardType,
    value: row.value,
    label: segmentLabel(row.rewardType, row.value, language),
    at: row.createdAt.toISOString(),
  }));
}
const LOYALTY_HISTORY_SIZE = 50;

/** Every blog post published before `now` by its slug (its page's argument) and date, oldest first. */
export async function publishedBlogPosts(db: Database, now: Date): Promise<Array<{ slug: string; published: Date }>> {
  return db
    .select({ slug: blogPosts.slug, published: blogPosts.published })
    .from(blogPosts)
    .where(lt(blogPosts.published, now))
    .orderBy(asc(blogPosts.published), asc(blogPosts.id));
}
