import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  FREE_AGE_RATING,
  FEED_COMMENT_MAX_LENGTH,
  FEED_DETAIL_COMMENTS,
  FEED_MAX_PAGE_SIZE,
  FEED_PAGE_COMMENTS,
  FEED_PAGE_SIZE,
  FEED_TIP_MAX_COINS,
  FEED_TIP_MIN_COINS,
  FEED_TYPE_GROUP_TYPES,
  needsAgeCheck,
  type FeedClip,
  type FeedComment,
  type FeedConnection,
  type FeedMode,
  type FeedModel,
  type FeedPost,
  type FeedPostType,
  type FeedReply,
  type FeedTippingGoal,
  type FeedTotals,
  type FeedTypeGroup,
  type Language,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import { ageGate, type AgeGate } from '../auth/age';
import type { Auth } from '../module';
import { performerAvatar } from '../performers/age';
import { findPerformer, performerCards, type PerformerCard } from '../performers/catalogue';
import { favoritePerformerIds, favoritePerformerIdsOf, setFavorite } from '../performers/favorites';
import type { ModuleContext } from '../module';
import { clipPreviewUrl } from '../media/clips';
import { findGuest } from '../auth/guests';
import { contestEntryRows } from '../specials/service';
import { saleProceeds } from '../wallet/money';
import { pushBalance, transfer } from '../wallet/service';
import {
  feedComments,
  feedLikes,
  feedPostPhotos,
  feedPostTexts,
  feedPosts,
  feedPurchases,
  feedTips,
  feedViews,
} from './schema';

type PostRow = typeof feedPosts.$inferSelect;
type CommentRow = typeof feedComments.$inferSelect;

/** The guest behind a call, or a 401 LOGIN_REQUIRED for anonymous visitors (who reach the feed without a token). */
export function requireLogin(auth: Auth | null): string {
  if (!auth?.loggedIn) throw new HttpError(401, 'LOGIN_REQUIRED', 'Please log in first');
  return auth.guestId;
}
const loggedInGuest = (auth: Auth | null) => (auth?.loggedIn ? auth.guestId : null);

/** Ids in the feed service are strings of positive integers; anything else is a 400. */
export function parseId(value: string, what: string): number {
  const id = Number(value);
  if (!/^\d{1,9}$/.test(value) || id < 1)
    throw new HttpError(400, 'VALIDATION_FAILED', `${what} must be a positive integer id`);
  return id;
}

/** Opaque cursor of a post; pages continue strictly after it in (published, id) order. */
export const encodeCursor = (postId: number) => Buffer.from(`post:${postId}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^post:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw new HttpError(400, 'VALIDATION_FAILED', 'after is not a cursor of this feed');
  return Number(match[1]);
}

const visible = (now: Date) => and(eq(feedPosts.status, 'ONLINE'), lte(feedPosts.published, now));

export interface FeedArgs {
  first?: number | null;
  after?: string | null;
  modelId?: string | null;
  follows?: boolean | null;
  bought?: boolean | null;
  typeGroups?: FeedTypeGroup[] | null;
  mode?: FeedMode | null;
}

function feedFilter(db: Database, auth: Auth | null, args: FeedArgs, now: Date): SQL[] {
  const filters: SQL[] = [visible(now)!];
  if (args.modelId != null) filters.push(eq(feedPosts.actorId, parseId(args.modelId, 'modelId')));
  if (args.typeGroups?.length) {
    filters.push(
      inArray(
        feedPosts.type,
        args.typeGroups.flatMap((group) => [...FEED_TYPE_GROUP_TYPES[group]]),
      ),
    );
  }
  if (args.follows) {
    const guestId = requireLogin(auth);
    filters.push(inArray(feedPosts.actorId, favoritePerformerIdsOf(guestId)));
  }
  if (args.bought) {
    const guestId = requireLogin(auth);
    filters.push(
      inArray(
        feedPosts.id,
        db.select({ id: feedPurchases.postId }).from(feedPurchases).where(eq(feedPurchases.guestId, guestId)),
      ),
    );
  }
  const mode = args.mode ?? 'MIXED';
  if (mode === 'LIKED') {
    const guestId = requireLogin(auth);
    filters.push(
      inArray(feedPosts.id, db.select({ id: feedLikes.postId }).from(feedLikes).where(eq(feedLikes.guestId, guestId))),
    );
  }
  if (mode === 'COMMENTED') {
    const guestId = requireLogin(auth);
    filters.push(
      inArray(
        feedPosts.id,
        db.select({ id: feedComments.postId }).from(feedComments).where(eq(feedComments.guestId, guestId)),
      ),
    );
  }
  return filters;
}

export async function feed(reader: FeedReader, auth: Auth | null, args: FeedArgs, now: Date): Promise<FeedConnection> {
  const { db } = reader;
  const first = args.first ?? FEED_PAGE_SIZE;
  if (first < 1 || first > FEED_MAX_PAGE_SIZE)
    throw new HttpError(400, 'VALIDATION_FAILED', `first must be 1..${FEED_MAX_PAGE_SIZE}`);
  const filters = feedFilter(db, auth, args, now);
  const page = args.after
    ? [
        ...filters,
        sql`(${feedPosts.published}, ${feedPosts.id}) < (select p.published, p.id from feed_posts p where p.id = ${decodeCursor(args.after)})`,
      ]
    : filters;
  // the page (one row more tells whether another follows) and the total, read together
  const { items: rows, total } = await countedPage(
    db
      .select()
      .from(feedPosts)
      .where(and(...page))
      .orderBy(desc(feedPosts.published), desc(feedPosts.id))
      .$dynamic(),
    db
      .select({ total: count() })
      .from(feedPosts)
      .where(and(...filters)),
    { limit: first + 1, offset: 0 },
  );
  const nodes = await toPosts(reader, auth, rows.slice(0, first), FEED_PAGE_COMMENTS);
  const last = nodes.at(-1);
  return {
    totalCount: total,
    nodes,
    pageInfo: { endCursor: last ? encodeCursor(Number(last.id)) : null, hasNextPage: rows.length > first },
  };
}

export async function post(reader: FeedReader, auth: Auth | null, id: string, now: Date): Promise<FeedPost | null> {
  const rows = await reader.db
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, parseId(id, 'id')), visible(now)));
  const [found] = await toPosts(reader, auth, rows, FEED_DETAIL_COMMENTS);
  return found ?? null;
}

async function existingPost(reader: FeedReader, auth: Auth | null, postId: number, now: Date): Promise<FeedPost> {
  const found = await post(reader, auth, String(postId), now);
  if (!found) throw new HttpError(404, 'NOT_FOUND', `No feed post ${postId}`);
  return found;
}

export async function likePost(
  reader: FeedReader,
  auth: Auth | null,
  postIdText: string,
  now: Date,
): Promise<FeedPost> {
  const { db } = reader;
  const guestId = requireLogin(auth);
  const postId = parseId(postIdText, 'postId');
  await existingPost(reader, auth, postId, now);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(feedLikes)
      .values({ postId, guestId })
      .onConflictDoNothing()
      .returning({ postId: feedLikes.postId });
    if (added.length)
      await tx
        .update(feedPosts)
        .set({ likes: sql`${feedPosts.likes} + 1` })
        .where(eq(feedPosts.id, postId));
  });
  return existingPost(reader, auth, postId, now);
}

export async function unlikePost(
  reader: FeedReader,
  auth: Auth | null,
  postIdText: string,
  now: Date,
): Promise<FeedPost> {
  const { db } = reader;
  const guestId = requireLogin(auth);
  const postId = parseId(postIdText, 'postId');
  await existingPost(reader, auth, postId, now);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(feedLikes)
      .where(and(eq(feedLikes.postId, postId), eq(feedLikes.guestId, guestId)))
      .returning({ postId: feedLikes.postId });
    if (removed.length)
      await tx
        .update(feedPosts)
        .set({ likes: sql`greatest(${feedPosts.likes} - 1, 0)` })
        .where(eq(feedPosts.id, postId));
  });
  return existingPost(reader, auth, postId, now);
}

/** What the feed's money and comment calls use besides the reader: the socket (balance and goal pushes). */
export type FeedActor = FeedReader & Pick<ModuleContext, 'hub' | 'statusBar' | 'hooks'>;

/**
 * Counts a logged-in guest's view of a post once (a row per guest and post); a visitor's call counts nothing,
 * as a view that cannot be told apart from the next would count every reload.
 */
export async function viewedPost(
  reader: FeedReader,
  auth: Auth | null,
  postIdText: string,
  now: Date,
): Promise<FeedPost> {
  const postId = parseId(postIdText, 'postId');
  await existingPost(reader, auth, postId, now);
  const guestId = loggedInGuest(auth);
  if (guestId) {
    await reader.db.transaction(async (tx) => {
      const added = await tx
        .insert(feedViews)
        .values({ postId, guestId, created: now })
        .onConflictDoNothing()
        .returning({ postId: feedViews.postId });
      if (added.length)
        await tx
          .update(feedPosts)
          .set({ views: sql`${feedPosts.views} + 1` })
          .where(eq(feedPosts.id, postId));
    });
  }
  return existingPost(reader, auth, postId, now);
}

/** The seller's row of a visible post, read in the transaction that charges for it. */
async function postForSale(tx: Database, postId: number, now: Date): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), visible(now)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No feed post ${postId}`);
  return row;
}

/** Coins on the wire, hundredths of a coin in the ledger. */
const HUNDREDTHS = 100;

/**
 * Unlocks a paid post for its price: in one transaction the purchase row (one per guest and post, so a parallel
 * second purchase waits on it and then finds the post owned: no charge) and one transfer guest → model's
 * earnings and platform. Too few coins: 402 INSUFFICIENT_FUNDS and the row is rolled back with it.
 */
export async function buyPost(ctx: FeedActor, auth: Auth | null, postIdText: string, now: Date): Promise<FeedPost> {
  const guestId = requireLogin(auth);
  const postId = parseId(postIdText, 'postId');
  const charged = await ctx.db.transaction(async (tx) => {
    const row = await postForSale(tx, postId, now);
    if (!row.paidContent || row.priceCoins <= 0)
      throw new HttpError(400, 'VALIDATION_FAILED', 'This post is free; there is nothing to buy');
    const [added] = await tx
      .insert(feedPurchases)
      .values({ postId, guestId, priceCoins: row.priceCoins, created: now })
      .onConflictDoNothing()
      .returning({ postId: feedPurchases.postId });
    if (!added) return false;
    const amount = row.priceCoins * HUNDREDTHS;
    await transfer(tx, {
      reason: 'purchase.feedPost',
      at: now,
      legs: [{ account: { kind: 'guest', id: guestId }, amount: -amount }, ...saleProceeds(row.actorId, amount)],
      idempotency: { scope: `feed.buy:${guestId}`, key: `post:${postId}` },
      metadata: { postId, priceCoins: row.priceCoins },
    });
    return true;
  });
  if (charged) await pushBalance(ctx, guestId);
  return existingPost(ctx, auth, postId, now);
}

/**
 * Tips a post: one transfer guest → model's earnings and platform, the tip's row and the post's sum of tips in
 * one transaction, so the goal shows exactly the committed tips. Every open page hears the new goal. The same
 * operationKey again (a retried attempt) tips once. Without a key every call is a tip of its own: the product's
 * call has no key, and a guest may tip the same amount twice on purpose, so no key derived from the call (post,
 * amount, time) could tell her second tip from a retry; the platform's clients always send one.
 */
export async function tipPost(
  ctx: FeedActor,
  auth: Auth | null,
  args: { postId: string; amountCoins: number; operationKey?: string | null },
  now: Date,
): Promise<FeedPost> {
  const guestId = requireLogin(auth);
  const postId = parseId(args.postId, 'postId');
  const { amountCoins } = args;
  if (!Number.isSafeInteger(amountCoins) || amountCoins < FEED_TIP_MIN_COINS || amountCoins > FEED_TIP_MAX_COINS)
    throw new HttpError(400, 'VALIDATION_FAILED', `amountCoins must be ${FEED_TIP_MIN_COINS}..${FEED_TIP_MAX_COINS}`);
  if (args.operationKey != null && !/^[\w-]{8,64}$/.test(args.operationKey))
    throw new HttpError(400, 'VALIDATION_FAILED', 'operationKey must be 8 to 64 letters, digits, _ or -');
  const tipped = await ctx.db.transaction(async (tx) => {
    const row = await postForSale(tx, postId, now);
    const amount = amountCoins * HUNDREDTHS;
    const { replayed } = await transfer(tx, {
      reason: 'feed.tip',
      at: now,
      legs: [{ account: { kind: 'guest', id: guestId }, amount: -amount }, ...saleProceeds(row.actorId, amount)],
      // the post and amount are part of the key: the same key for another tip is another tip
      ...(args.operationKey != null
        ? { idempotency: { scope: `feed.tip:${guestId}`, key: `${postId}:${amountCoins}:${args.operationKey}` } }
        : {}),
      metadata: { postId, amountCoins },
    });
    if (replayed) return null;
    await tx.insert(feedTips).values({ postId, guestId, amountCoins, created: now });
    const [sum] = await tx
      .update(feedPosts)
      .set({ tipsSumCoins: sql`${feedPosts.tipsSumCoins} + ${amountCoins}` })
      .where(eq(feedPosts.id, postId))
      .returning({ tippingGoalCoins: feedPosts.tippingGoalCoins, tipsSumCoins: feedPosts.tipsSumCoins });
    return sum!;
  });
  if (tipped) {
    await pushBalance(ctx, guestId);
    const tippingGoal = goalOf(tipped);
    if (tippingGoal) ctx.hub.broadcast({ type: 'feedTippingGoal', postId: String(postId), tippingGoal });
  }
  return existingPost(ctx, auth, postId, now);
}

/**
 * A guest's comment on a post, or her reply to one of its comments (also to a reply: it joins that thread).
 * It shows as tipped when she has tipped the post.
 */
export async function commentPost(
  reader: FeedReader,
  auth: Auth | null,
  args: { postId: string; text: string; repliesToCommentId?: string | null },
  now: Date,
): Promise<FeedPost> {
  const guestId = requireLogin(auth);
  const postId = parseId(args.postId, 'postId');
  const text = args.text.trim();
  if (!text || text.length > FEED_COMMENT_MAX_LENGTH)
    throw new HttpError(400, 'VALIDATION_FAILED', `text must have 1..${FEED_COMMENT_MAX_LENGTH} characters`);
  await existingPost(reader, auth, postId, now);
  const { db } = reader;
  let thread: { parentId: number; conversationId: number } | null = null;
  if (args.repliesToCommentId != null) {
    const parentId = parseId(args.repliesToCommentId, 'repliesToCommentId');
    const [parent] = await db
      .select({ conversationId: feedComments.conversationId })
      .from(feedComments)
      .where(and(eq(feedComments.id, parentId), eq(feedComments.postId, postId), isNull(feedComments.deleted)));
    if (!parent) throw new HttpError(404, 'NOT_FOUND', `No comment ${parentId} on post ${postId}`);
    thread = { parentId, conversationId: parent.conversationId ?? parentId };
  }
  const guest = await findGuest(db, guestId);
  const [tip] = await db
    .select({ id: feedTips.id })
    .from(feedTips)
    .where(and(eq(feedTips.postId, postId), eq(feedTips.guestId, guestId)))
    .limit(1);
  await db.insert(feedComments).values({
    postId,
    ...thread,
    guestId,
    userName: guest.name,
    tipped: tip !== undefined,
    text,
    created: now,
  });
  return existingPost(reader, auth, postId, now);
}

/**
 * Deletes one of the guest's own comments; anyone else's is 403 FORBIDDEN. Replies are other people's words, so
 * a comment that has some stays as a placeholder without its text and author, and a placeholder whose last reply
 * goes goes with it (up the thread). Neither counts as a comment.
 */
export async function deleteComment(
  reader: FeedReader,
  auth: Auth | null,
  commentIdText: string,
  now: Date,
): Promise<FeedPost> {
  const guestId = requireLogin(auth);
  const commentId = parseId(commentIdText, 'commentId');
  const postId = await reader.db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ postId: feedComments.postId, guestId: feedComments.guestId, parentId: feedComments.parentId })
      .from(feedComments)
      .where(and(eq(feedComments.id, commentId), isNull(feedComments.deleted)))
      .for('update');
    if (!comment) throw new HttpError(404, 'NOT_FOUND', `No comment ${commentId}`);
    if (comment.guestId !== guestId) throw new HttpError(403, 'FORBIDDEN', 'Only your own comments can be deleted');
    const hasReplies = async (id: number) =>
      (await tx.select({ id: feedComments.id }).from(feedComments).where(eq(feedComments.parentId, id)).limit(1))
        .length > 0;
    if (await hasReplies(commentId)) {
      await tx
        .update(feedComments)
        .set({ deleted: now, text: '', userName: '', guestId: null, tipped: false })
        .where(eq(feedComments.id, commentId));
      return comment.postId;
    }
    await tx.delete(feedComments).where(eq(feedComments.id, commentId));
    for (let parentId = comment.parentId; parentId != null && !(await hasReplies(parentId));) {
      const [removed] = await tx
        .delete(feedComments)
        .where(and(eq(feedComments.id, parentId), isNotNull(feedComments.deleted)))
        .returning({ parentId: feedComments.parentId });
      parentId = removed ? removed.parentId : null;
    }
    return comment.postId;
  });
  return existingPost(reader, auth, postId, now);
}

async function model(ctx: ModuleContext, auth: Auth | null, modelIdText: string): Promise<FeedModel> {
  const row = await findPerformer(ctx.db, parseId(modelIdText, 'modelId'));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No model ${modelIdText}`);
  return toModel(await ageGate(ctx, auth), row);
}

/**
 * Following a model in the feed is pinning her as a favourite: the same list the chat and messenger use, so the
 * guest's open tabs hear of it like of any other favourite change.
 */
export async function setFollowing(
  ctx: ModuleContext,
  auth: Auth | null,
  modelId: string,
  following: boolean,
): Promise<FeedModel> {
  const guestId = requireLogin(auth);
  const found = await model(ctx, auth, modelId);
  if (await setFavorite(ctx.db, guestId, Number(found.id), following)) {
    ctx.hub.sendToGuest(guestId, { type: 'favoriteActors', actorIds: await favoritePerformerIds(ctx.db, guestId) });
  }
  return found;
}

/** How many posts of counts per type fall into a type group. */
const postsIn = (byType: { type: string; posts: number }[], group: FeedTypeGroup) =>
  byType
    .filter((row) => FEED_TYPE_GROUP_TYPES[group].includes(row.type as FeedPostType))
    .reduce((sum, row) => sum + row.posts, 0);

export async function totals(
  db: Database,
  auth: Auth | null,
  modelIdText: string | null | undefined,
  now: Date,
): Promise<FeedTotals> {
  const filters = [visible(now)!];
  if (modelIdText != null) filters.push(eq(feedPosts.actorId, parseId(modelIdText, 'modelId')));
  const byType = await db
    .select({ type: feedPosts.type, posts: count() })
    .from(feedPosts)
    .where(and(...filters))
    .groupBy(feedPosts.type);
  const inGroup = (group: FeedTypeGroup) => postsIn(byType, group);
  const guestId = loggedInGuest(auth);
  const [liked, commented, bought] = guestId
    ? await Promise.all([
        db
          .select({ posts: count() })
          .from(feedLikes)
          .innerJoin(feedPosts, eq(feedPosts.id, feedLikes.postId))
          .where(and(eq(feedLikes.guestId, guestId), ...filters)),
        db
          .select({ posts: sql<number>`count(distinct ${feedComments.postId})::int` })
          .from(feedComments)
          .innerJoin(feedPosts, eq(feedPosts.id, feedComments.postId))
          .where(and(eq(feedComments.guestId, guestId), ...filters)),
        db
          .select({ type: feedPosts.type, posts: count() })
          .from(feedPurchases)
          .innerJoin(feedPosts, eq(feedPosts.id, feedPurchases.postId))
          .where(and(eq(feedPurchases.guestId, guestId), ...filters))
          .groupBy(feedPosts.type),
      ])
    : [[], [], []];

  return {
    totalCount: byType.reduce((sum, row) => sum + row.posts, 0),
    clips: inGroup('CLIP_POSTS'),
    photos: inGroup('PHOTO_POSTS'),
    texts: inGroup('TEXT_POSTS'),
    liked: liked[0]?.posts ?? 0,
    commented: commented[0]?.posts ?? 0,
    boughtPhotos: postsIn(bought, 'PHOTO_POSTS'),
    boughtClips: postsIn(bought, 'CLIP_POSTS'),
  };
}

const toModel = (gate: AgeGate, row: PerformerCard): FeedModel => ({
  id: String(row.id),
  name: row.displayName,
  online: row.isOnline,
  avatar: performerAvatar(gate, row),
});

/**
 * A comment on the wire: its thread (conversation) is the post's comment it started with. A deleted one (kept for
 * its replies) has neither text nor author.
 */
function toReply(row: CommentRow, post: PostRow): FeedReply {
  const deleted = row.deleted != null;
  return {
    id: String(row.id),
    conversationId: String(row.conversationId ?? row.id),
    parentId: row.parentId == null ? null : String(row.parentId),
    created: row.created.toISOString(),
    isCreator: row.isCreator,
    tipped: row.tipped,
    text: row.text,
    isReplyToReply: row.parentId != null && row.parentId !== row.conversationId,
    deleted,
    user: deleted
      ? null
      : { id: row.isCreator ? `model-${post.actorId}` : (row.guestId ?? `visitor-${row.id}`), name: row.userName },
  };
}

/**
 * What feed answers are read with: the database, the image store (rated photos' URLs), the clock and the language
 * the posts' texts are asked in (English, every post's own, when none is named).
 */
export type FeedReader = Pick<ModuleContext, 'db' | 'images' | 'now'> & { language?: Language };

/** The language posts are written in and every reader falls back to where a post has no translation. */
export const POST_LANGUAGE: Language = 'en';

/** Titles and texts of posts in a language other than their own, by post; none asked for in the posts' own. */
async function translations(db: Database, postIds: number[], language: Language) {
  if (language === POST_LANGUAGE) return new Map<number, { title: string; text: string }>();
  const rows = await db
    .select()
    .from(feedPostTexts)
    .where(and(inArray(feedPostTexts.postId, postIds), eq(feedPostTexts.language, language)));
  return new Map(rows.map((row) => [row.postId, row]));
}

/**
 * Puts the photos of posts above the free rating of images (a clip's poster is its post's photo) and the clips
 * above the free rating of videos behind the age check (blurred variants made once); runs at every start and
 * after the seed, before any route serves them.
 */
export async function restrictRatedPhotos(ctx: Pick<ModuleContext, 'db' | 'images'>): Promise<void> {
  const rows = await ctx.db
    .select({ url: feedPostPhotos.url, largeUrl: feedPostPhotos.largeUrl })
    .from(feedPostPhotos)
    .innerJoin(feedPosts, eq(feedPosts.id, feedPostPhotos.postId))
    .where(gt(feedPosts.fsk, FREE_AGE_RATING.image));
  for (const { url, largeUrl } of rows) {
    await ctx.images.restrict(url);
    if (largeUrl) await ctx.images.restrict(largeUrl);
  }
  const clips = await ctx.db
    .selectDistinct({ clip: feedPosts.clip })
    .from(feedPosts)
    .where(and(isNotNull(feedPosts.clip), gt(feedPosts.fsk, FREE_AGE_RATING.video)));
  for (const { clip } of clips) ctx.images.restrictFile(clipPreviewUrl(clip!));
}

/** A locked post shows its blurred teaser (if any) in the size of its first picture, never the pictures. */
const teaser = (row: PostRow, first: { width: number; height: number } | undefined) =>
  row.teaserUrl
    ? [
        {
          id: `${row.id}-teaser`,
          url: row.teaserUrl,
          srcSet: '',
          width: first?.width ?? 480,
          height: first?.height ?? 600,
          avsRequired: false,
        },
      ]
    : [];

/** The size of every seeded clip file. */
export const CLIP_SIZE = { width: 320, height: 180 };

/**
 * A clip post's clip: playable sources only for a guest who may watch it (bought when paid; verified when rated
 * above the free rating of videos, then at a signed address). Its poster is the post's photo as the guest sees it.
 */
function toClip(reader: FeedReader, gate: AgeGate, row: PostRow, locked: boolean, poster: string): FeedClip | null {
  if (!row.clip) return null;
  const avsRequired = gate.needAgeCheck('video', row.fsk);
  const file = clipPreviewUrl(row.clip);
  const src = needsAgeCheck('video', row.fsk) ? reader.images.signedUrl(file, reader.now()) : file;
  return {
    id: `clip-${row.id}`,
    length: row.clipSeconds ?? 0,
    ...CLIP_SIZE,
    ratio: CLIP_SIZE.width / CLIP_SIZE.height,
    avsRequired,
    sources: locked || avsRequired ? [] : [{ label: `${CLIP_SIZE.height}p`, src, type: 'video/mp4', poster }],
  };
}

const goalOf = (row: Pick<PostRow, 'tippingGoalCoins' | 'tipsSumCoins'>): FeedTippingGoal | null => {
  const goal = row.tippingGoalCoins;
  return goal
    ? {
        goalCoins: goal,
        tipsSumCoins: row.tipsSumCoins,
        progressPercent: Math.min(100, Math.floor((row.tipsSumCoins * 100) / goal)),
        achieved: row.tipsSumCoins >= goal,
      }
    : null;
};

/**
 * Per post of a page, in one query: its comment count, a contest post's entry and the guest's own state (liked,
 * bought, viewed, follows its model). Her likes, purchases and views have one row per guest and post at most, so each left join keeps one
 * row per post; a visitor joins none.
 */
function postStates(db: Database, guestId: string | null, postIds: number[]) {
  const hers = (table: typeof feedLikes | typeof feedPurchases | typeof feedViews) =>
    and(eq(table.postId, feedPosts.id), guestId ? eq(table.guestId, guestId) : sql`false`);
  const entry = contestEntryRows(db);
  return db
    .select({
      postId: feedPosts.id,
      comments: sql<number>`(select count(*)::int from ${feedComments} where ${feedComments.postId} = ${feedPosts.id} and ${feedComments.deleted} is null)`,
      liked: sql<boolean>`${feedLikes.postId} is not null`,
      bought: sql<boolean>`${feedPurchases.postId} is not null`,
      viewed: sql<boolean>`${feedViews.postId} is not null`,
      following: guestId
        ? sql<boolean>`${inArray(feedPosts.actorId, favoritePerformerIdsOf(guestId))}`
        : sql<boolean>`false`,
      // a contest post's entry, read from the contest (null when the entry is gone)
      entry: {
        id: entry.id,
        contestId: entry.contestId,
        previewUrl: entry.previewUrl,
        width: entry.width,
        height: entry.height,
      },
    })
    .from(feedPosts)
    .leftJoin(entry, eq(entry.id, feedPosts.contestEntryId))
    .leftJoin(feedLikes, hers(feedLikes))
    .leftJoin(feedPurchases, hers(feedPurchases))
    .leftJoin(feedViews, hers(feedViews))
    .where(inArray(feedPosts.id, postIds));
}

/** Everything a page of posts shows, loaded in one query per kind rather than per post. */
async function toPosts(
  reader: FeedReader,
  auth: Auth | null,
  rows: PostRow[],
  commentsPerPost: number,
): Promise<FeedPost[]> {
  if (!rows.length) return [];
  const { db } = reader;
  const gate = await ageGate(reader, auth);
  const postIds = rows.map((row) => row.id);
  const [models, photos, states, topComments, translated] = await Promise.all([
    performerCards(
      db,
      rows.map((row) => row.actorId),
    ),
    db
      .select()
      .from(feedPostPhotos)
      .where(inArray(feedPostPhotos.postId, postIds))
      .orderBy(asc(feedPostPhotos.position)),
    postStates(db, loggedInGuest(auth), postIds),
    db
      .select()
      .from(feedComments)
      .where(and(inArray(feedComments.postId, postIds), isNull(feedComments.parentId)))
      .orderBy(desc(feedComments.created), desc(feedComments.id)),
    translations(db, postIds, reader.language ?? POST_LANGUAGE),
  ]);
  const shown = rows.flatMap((row) =>
    topComments.filter((comment) => comment.postId === row.id).slice(0, commentsPerPost),
  );
  const replies = shown.length
    ? await db
        .select()
        .from(feedComments)
        .where(
          inArray(
            feedComments.conversationId,
            shown.map((comment) => comment.id),
          ),
        )
        .orderBy(asc(feedComments.created), asc(feedComments.id))
    : [];
  const stateOf = new Map(states.map((state) => [state.postId, state]));
  return rows.map((row): FeedPost => {
    const actor = models.get(row.actorId);
    if (!actor) throw new Error(`feed post ${row.id} has no model`);
    const state = stateOf.get(row.id);
    if (!state) throw new Error(`feed post ${row.id} has no state`);
    // a contest post's picture is its entry's, read from the contest
    const { entry } = state;
    const postPhotos = entry
      ? [{ id: `entry-${entry.id}`, url: entry.previewUrl, largeUrl: null, width: entry.width, height: entry.height }]
      : photos.filter((photo) => photo.postId === row.id);
    const isBought = state.bought;
    const locked = row.paidContent && !isBought;
    const avsRequired = gate.needAgeCheck('image', row.fsk);
    // a photo above the free rating of images: blurred for a guest who is not verified, signed otherwise
    const shownPhotos = postPhotos.map((photo) => {
      const url = gate.image(photo.url, row.fsk);
      const large =
        photo.largeUrl && !avsRequired ? `, ${gate.image(photo.largeUrl, row.fsk)} ${photo.width * 2}w` : '';
      return {
        id: String(photo.id),
        url,
        srcSet: `${url} ${photo.width}w${large}`,
        width: photo.width,
        height: photo.height,
        avsRequired,
      };
    });
    const comments: FeedComment[] = shown
      .filter((comment) => comment.postId === row.id)
      .map((comment) => ({
        ...toReply(comment, row),
        replies: replies.filter((reply) => reply.conversationId === comment.id).map((reply) => toReply(reply, row)),
      }));
    return {
      id: String(row.id),
      created: row.created.toISOString(),
      published: row.published.toISOString(),
      type: row.type as FeedPostType,
      status: row.status,
      pinned: row.pinned,
      title: translated.get(row.id)?.title ?? row.title,
      text: translated.get(row.id)?.text ?? row.text,
      views: row.views,
      likes: row.likes,
      paidContent: row.paidContent,
      fsk: row.fsk,
      priceCoins: row.priceCoins,
      contestId: entry ? String(entry.contestId) : null,
      model: toModel(gate, actor),
      tippingGoal: goalOf(row),
      guestState: { liked: state.liked, viewed: state.viewed, following: state.following, bought: isBought },
      comments: { totalCount: state.comments, nodes: comments },
      clip: toClip(reader, gate, row, locked, shownPhotos[0]?.url ?? ''),
      photoCount: postPhotos.length,
      photos: locked ? teaser(row, postPhotos[0]) : shownPhotos,
    };
  });
}
