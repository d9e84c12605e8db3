import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  FREE_AGE_RATING,
  FEED_MAX_PAGE_SIZE,
  FEED_PAGE_SIZE,
  FEED_TYPE_GROUP_TYPES,
  type FeedComment,
  type FeedConnection,
  type FeedMode,
  type FeedModel,
  type FeedPost,
  type FeedPostType,
  type FeedReply,
  type FeedTotals,
  type FeedTypeGroup,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { ageGate, type AgeGate } from '../auth/age';
import type { Auth } from '../module';
import { performerAvatar } from '../performers/age';
import { findPerformer, performerCards, type PerformerCard } from '../performers/catalogue';
import { favoritePerformerIds, favoritePerformerIdsOf, setFavorite } from '../performers/favorites';
import type { ModuleContext } from '../module';
import { feedComments, feedLikes, feedPostPhotos, feedPosts } from './schema';

type PostRow = typeof feedPosts.$inferSelect;
type CommentRow = typeof feedComments.$inferSelect;

/** Comments shown with each post; the rest load with the post detail later. */
export const COMMENTS_PER_POST = 3;

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
  const [counted] = await db
    .select({ total: count() })
    .from(feedPosts)
    .where(and(...filters));
  const page = args.after
    ? [
        ...filters,
        sql`(${feedPosts.published}, ${feedPosts.id}) < (select p.published, p.id from feed_posts p where p.id = ${decodeCursor(args.after)})`,
      ]
    : filters;
  const rows = await db
    .select()
    .from(feedPosts)
    .where(and(...page))
    .orderBy(desc(feedPosts.published), desc(feedPosts.id))
    .limit(first + 1);
  const nodes = await toPosts(reader, auth, rows.slice(0, first));
  const last = nodes.at(-1);
  return {
    totalCount: counted?.total ?? 0,
    nodes,
    pageInfo: { endCursor: last ? encodeCursor(Number(last.id)) : null, hasNextPage: rows.length > first },
  };
}

export async function post(reader: FeedReader, auth: Auth | null, id: string, now: Date): Promise<FeedPost | null> {
  const rows = await reader.db
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, parseId(id, 'id')), visible(now)));
  const [found] = await toPosts(reader, auth, rows);
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
  const inGroup = (group: FeedTypeGroup) =>
    byType
      .filter((row) => FEED_TYPE_GROUP_TYPES[group].includes(row.type as FeedPostType))
      .reduce((sum, row) => sum + row.posts, 0);
  const guestId = loggedInGuest(auth);
  const [liked, commented] = guestId
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
      ])
    : [[], []];
  return {
    totalCount: byType.reduce((sum, row) => sum + row.posts, 0),
    clips: inGroup('CLIP_POSTS'),
    photos: inGroup('PHOTO_POSTS'),
    texts: inGroup('TEXT_POSTS'),
    liked: liked[0]?.posts ?? 0,
    commented: commented[0]?.posts ?? 0,
    // Buying posts arrives with the wallet; until then no guest owns any.
    boughtPhotos: 0,
    boughtClips: 0,
  };
}

const toModel = (gate: AgeGate, row: PerformerCard): FeedModel => ({
  id: String(row.id),
  name: row.displayName,
  online: row.isOnline,
  avatar: performerAvatar(gate, row),
});

function toReply(row: CommentRow, post: PostRow): FeedReply {
  return {
    id: String(row.id),
    conversationId: String(row.parentId ?? row.id),
    parentId: row.parentId == null ? null : String(row.parentId),
    created: row.created.toISOString(),
    isCreator: row.isCreator,
    tipped: row.tipped,
    text: row.text,
    isReplyToReply: false,
    user: { id: row.isCreator ? `model-${post.actorId}` : (row.guestId ?? `visitor-${row.id}`), name: row.userName },
  };
}

/** What feed answers are read with: the database, the image store (rated photos' URLs) and the clock. */
export type FeedReader = Pick<ModuleContext, 'db' | 'images' | 'now'>;

/**
 * Puts the photos of posts above the free rating of images behind the age check (blurred variants made once);
 * runs at every start and after the seed, before any route serves them.
 */
export async function restrictRatedPhotos(ctx: Pick<ModuleContext, 'db' | 'images'>): Promise<void> {
  const rows = await ctx.db
    .select({ url: feedPostPhotos.url })
    .from(feedPostPhotos)
    .innerJoin(feedPosts, eq(feedPosts.id, feedPostPhotos.postId))
    .where(gt(feedPosts.fsk, FREE_AGE_RATING.image));
  for (const { url } of rows) await ctx.images.restrict(url);
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

/** Everything a page of posts shows, loaded in one query per kind rather than per post. */
async function toPosts(reader: FeedReader, auth: Auth | null, rows: PostRow[]): Promise<FeedPost[]> {
  if (!rows.length) return [];
  const { db } = reader;
  const gate = await ageGate(reader, auth);
  const postIds = rows.map((row) => row.id);
  const guestId = loggedInGuest(auth);
  const [models, photos, commentCounts, topComments, liked, followed] = await Promise.all([
    performerCards(
      db,
      rows.map((row) => row.actorId),
    ),
    db
      .select()
      .from(feedPostPhotos)
      .where(inArray(feedPostPhotos.postId, postIds))
      .orderBy(asc(feedPostPhotos.position)),
    db
      .select({ postId: feedComments.postId, comments: count() })
      .from(feedComments)
      .where(inArray(feedComments.postId, postIds))
      .groupBy(feedComments.postId),
    db
      .select()
      .from(feedComments)
      .where(and(inArray(feedComments.postId, postIds), isNull(feedComments.parentId)))
      .orderBy(desc(feedComments.created), desc(feedComments.id)),
    guestId
      ? db
          .select({ postId: feedLikes.postId })
          .from(feedLikes)
          .where(and(eq(feedLikes.guestId, guestId), inArray(feedLikes.postId, postIds)))
      : Promise.resolve([]),
    guestId ? favoritePerformerIds(db, guestId) : Promise.resolve([]),
  ]);
  const shown = rows.flatMap((row) =>
    topComments.filter((comment) => comment.postId === row.id).slice(0, COMMENTS_PER_POST),
  );
  const replies = shown.length
    ? await db
        .select()
        .from(feedComments)
        .where(
          inArray(
            feedComments.parentId,
            shown.map((comment) => comment.id),
          ),
        )
        .orderBy(asc(feedComments.created), asc(feedComments.id))
    : [];
  const likedIds = new Set(liked.map((like) => like.postId));
  const followedIds = new Set(followed);
  return rows.map((row): FeedPost => {
    const actor = models.get(row.actorId);
    if (!actor) throw new Error(`feed post ${row.id} has no model`);
    const postPhotos = photos.filter((photo) => photo.postId === row.id);
    // Nobody can buy posts before the wallet exists, so paid pictures stay locked behind the teaser.
    const bought = false;
    const locked = row.paidContent && !bought;
    const comments: FeedComment[] = shown
      .filter((comment) => comment.postId === row.id)
      .map((comment) => ({
        ...toReply(comment, row),
        replies: replies.filter((reply) => reply.parentId === comment.id).map((reply) => toReply(reply, row)),
      }));
    const goal = row.tippingGoalCoins;
    return {
      id: String(row.id),
      created: row.created.toISOString(),
      published: row.published.toISOString(),
      type: row.type as FeedPostType,
      status: row.status,
      pinned: row.pinned,
      title: row.title,
      text: row.text,
      views: row.views,
      likes: row.likes,
      paidContent: row.paidContent,
      fsk: row.fsk,
      priceCoins: row.priceCoins,
      model: toModel(gate, actor),
      tippingGoal: goal
        ? {
            goalCoins: goal,
            tipsSumCoins: row.tipsSumCoins,
            progressPercent: Math.min(100, Math.floor((row.tipsSumCoins * 100) / goal)),
            achieved: row.tipsSumCoins >= goal,
          }
        : null,
      guestState: { liked: likedIds.has(row.id), viewed: false, following: followedIds.has(row.actorId), bought },
      comments: { totalCount: commentCounts.find((entry) => entry.postId === row.id)?.comments ?? 0, nodes: comments },
      clip: null,
      photoCount: postPhotos.length,
      photos: locked
        ? teaser(row, postPhotos[0])
        : postPhotos.map((photo) => {
            // a photo above the free rating of images: blurred for a guest who is not verified, signed otherwise
            const url = gate.image(photo.url, row.fsk);
            return {
              id: String(photo.id),
              url,
              srcSet: `${url} ${photo.width}w`,
              width: photo.width,
              height: photo.height,
              avsRequired: gate.needAgeCheck('image', row.fsk),
            };
          }),
    };
  });
}
