import { and, asc, count, desc, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTOR_AVATAR_SIZE,
  DEFAULT_LANGUAGE,
  MIN_RATINGS_TO_SHOW,
  NEW_ACTOR_CATEGORY_ID,
  NEW_ACTOR_DAYS,
  type ActorCategory,
  type ActorListItem,
  type ActorListKind,
  type ActorListPage,
  type ActorProfile,
  type ActorRating,
  type ActorState,
  type ChatButtonConfig,
  type Language,
  type OnlineModel,
  type RecommendedActor,
  routeByName,
  slugsFor,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from './age';
import { actorCategories, actorCategoryMembers, actors, actorSedcards, favoriteActors } from './schema';
import { BIRTHDAY_TEXTS } from './seed-texts';

type ActorRow = typeof actors.$inferSelect;
type CategoryRow = typeof actorCategories.$inferSelect;

/** Who is asking: decides the language of texts, the banned-country flag and the favourite relation. */
export interface Viewer {
  language: Language;
  /** ISO 3166 alpha-2 of the visitor, when the edge (CDN, proxy) tells it. */
  country: string | null;
  /** Only for a logged-in guest. */
  guestId: string | null;
  /** Performers whose coming or running shows the guest holds a ticket for (answered by `ctx.hooks`). */
  ticketActorIds: ReadonlySet<number>;
  /** The guest's videochat vouchers (answered by `ctx.hooks`): minutes and the performers each is limited to. */
  chatVouchers: readonly { minutes: number; actorIds: readonly number[] }[];
  /** The server's clock when the request came (which performers count as new, whose birthday it is). */
  now: Date;
  /** How the caller sees pictures above the free rating of images (performers rated 18). */
  gate: AgeGate;
}

/** The site path of a performer's profile page in `language`. */
export const performerProfilePath = (actorName: string, language: Language) =>
  `/${language}/${slugsFor(routeByName('actorProfile'), language).replace(':actorName', actorName)}/`;

const DAY_MS = 86_400_000;
const newSince = (now: Date) => new Date(now.getTime() - NEW_ACTOR_DAYS * DAY_MS);
export const isNewActor = (row: ActorRow, now: Date) => row.registeredSince.getTime() >= newSince(now).getTime();

/** Performers of a category: the new-registrations category is by registration date, the others by membership. */
export function inCategory(categoryId: number, now: Date): SQL {
  if (categoryId === NEW_ACTOR_CATEGORY_ID) return gte(actors.registeredSince, newSince(now));
  return or(
    eq(actors.categoryId, categoryId),
    sql`exists (select 1 from ${actorCategoryMembers} where ${actorCategoryMembers.actorId} = ${actors.id} and ${actorCategoryMembers.categoryId} = ${categoryId})`,
  )!;
}

/** Top cams ranking: best average rating first, then the most ratings; only performers with enough ratings. */
export const rated = gte(actors.ratingCount, MIN_RATINGS_TO_SHOW);
const averageRating = sql`${actors.ratingSum}::float8 / nullif(${actors.ratingCount}, 0)`;

/** The videochat minutes the guest's vouchers hold for a chat with this performer. */
const voucherMinutesFor = (actorId: number, viewer: Viewer) =>
  viewer.chatVouchers.reduce(
    (sum, voucher) =>
      voucher.actorIds.length === 0 || voucher.actorIds.includes(actorId) ? sum + voucher.minutes : sum,
    0,
  );

function chatButton(row: ActorRow, viewer: Viewer): ChatButtonConfig {
  const voucherChatMinutes = voucherMinutesFor(row.id, viewer);
  return {
    actorId: row.id,
    isActorOnline: row.isOnline,
    freeChat: row.freeChat,
    voucherChatMinutes,
    guestHasTicket: viewer.ticketActorIds.has(row.id),
    isVoyeurMode: false,
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    isLivePreviewEnabled: row.isLivePreviewEnabled,
    isBannedCountryCode: viewer.country !== null && row.bannedCountryCodes.includes(viewer.country),
    prices: {
      freeMessages: row.freeMessages,
      message: row.priceMessage,
      single: row.priceSingleChat,
      singlec2c: row.priceSingleC2C,
      video: row.priceVideoChat,
      voucherChatMinutes,
      voyeur: row.priceVoyeurChat,
    },
  };
}

export function listItem(row: ActorRow, viewer: Viewer): ActorListItem {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    avatarUrl: performerAvatar(viewer.gate, row),
    isOnline: row.isOnline,
    freeChat: row.freeChat,
    age: row.age,
    gender: row.gender as ActorListItem['gender'],
    country: row.country,
    languages: row.languages,
    threeWords: row.threeWords,
    isTopAmateur: row.isTopAmateur,
    isNew: isNewActor(row, viewer.now),
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    prices: {
      video: row.priceVideoChat,
      singlec2c: row.priceSingleC2C,
      voucherChatMinutes: voucherMinutesFor(row.id, viewer),
    },
    chatButton: chatButton(row, viewer),
  };
}

export function rating(row: Pick<ActorRow, 'ratingCount' | 'ratingSum' | 'ratingGoodCount'>): ActorRating | null {
  if (row.ratingCount < MIN_RATINGS_TO_SHOW) return null;
  return {
    average: Math.round((row.ratingSum / row.ratingCount) * 10) / 10,
    count: row.ratingCount,
    satisfactionRate: Math.round((row.ratingGoodCount * 100) / row.ratingCount),
  };
}

const categoryName = (row: CategoryRow, language: Language) =>
  row.names[language] ?? row.names[DEFAULT_LANGUAGE] ?? row.slug;

/** Every category with how many performers it holds and how many of them are online. */
export async function listCategories(db: Database, language: Language, now: Date): Promise<ActorCategory[]> {
  const rows = await db.select().from(actorCategories).orderBy(asc(actorCategories.position));
  return Promise.all(
    rows.map(async (row) => {
      const [counts] = await db
        .select({
          actorCount: count(),
          onlineCount: sql<number>`count(*) filter (where ${actors.isOnline})`.mapWith(Number),
        })
        .from(actors)
        .where(inCategory(row.id, now));
      return {
        id: row.id,
        slug: row.slug,
        name: categoryName(row, language),
        actorCount: counts?.actorCount ?? 0,
        onlineCount: counts?.onlineCount ?? 0,
        preview: { id: row.id, url: row.previewUrl, ...ACTOR_AVATAR_SIZE },
      };
    }),
  );
}

interface ListQuery {
  page: number;
  pageSize: number;
  category?: string;
}

/** Filter and order of each performer list. Online performers come first wherever offline ones are listed. */
async function listSpec(db: Database, kind: ActorListKind, categorySlug: string | undefined, now: Date) {
  switch (kind) {
    case 'free-chat':
      return {
        where: eq(actors.freeChat, true),
        orderBy: [desc(actors.isOnline), desc(actors.isTopAmateur), desc(actors.favoriteCount)],
      };
    case 'cams':
      return { where: eq(actors.isOnline, true), orderBy: [desc(actors.isTopAmateur), desc(actors.favoriteCount)] };
    case 'new-girls':
      return {
        where: inCategory(NEW_ACTOR_CATEGORY_ID, now),
        orderBy: [desc(actors.isOnline), desc(actors.registeredSince)],
      };
    case 'top-cams':
      return { where: rated, orderBy: [desc(averageRating), desc(actors.ratingCount)] };
    case 'cam-shows':
      return { where: eq(actors.isCurrentlyTicketShow, true), orderBy: [desc(actors.onlineChangedAt)] };
    case 'category': {
      if (!categorySlug) throw new HttpError(400, 'VALIDATION_FAILED', 'The category list needs a category slug');
      const [category] = await db
        .select()
        .from(actorCategories)
        .where(eq(actorCategories.slug, categorySlug.toLowerCase()));
      if (!category) throw new HttpError(404, 'NOT_FOUND', `No category ${categorySlug}`);
      return {
        where: inCategory(category.id, now),
        orderBy: [desc(actors.isOnline), desc(actors.favoriteCount)],
        category,
      };
    }
  }
}

export async function listPerformers(
  db: Database,
  kind: ActorListKind,
  query: ListQuery,
  viewer: Viewer,
): Promise<ActorListPage> {
  const spec = await listSpec(db, kind, query.category, viewer.now);
  const { items: rows, total } = await countedPage(
    db
      .select()
      .from(actors)
      .where(spec.where)
      .orderBy(...spec.orderBy, asc(actors.id))
      .$dynamic(),
    db.select({ total: count() }).from(actors).where(spec.where),
    pageWindow(query.page, query.pageSize),
  );
  let category: ActorCategory | null = null;
  if ('category' in spec && spec.category) {
    category = (await listCategories(db, viewer.language, viewer.now)).find((c) => c.id === spec.category.id) ?? null;
  }
  return {
    kind,
    category,
    items: rows.map((row) => listItem(row, viewer)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A performer by id or (case-insensitive) name; 404 if unknown. */
export async function findActor(db: Database, idOrName: string): Promise<ActorRow> {
  const byId = /^\d+$/.test(idOrName) ? Number(idOrName) : null;
  const [row] = await db
    .select()
    .from(actors)
    .where(byId !== null && byId <= 2_147_483_647 ? eq(actors.id, byId) : eq(actors.name, idOrName.toLowerCase()));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No performer ${idOrName}`);
  return row;
}

/**
 * A performer (by id or case-insensitive name) with the sedcard pictures, in display order, and the age rating
 * that gates them; 404 if unknown.
 */
export async function findPerformerSedcards(db: Database, idOrName: string) {
  const row = await findActor(db, idOrName);
  const pictures = await db
    .select({ id: actorSedcards.id, url: actorSedcards.url, width: actorSedcards.width, height: actorSedcards.height })
    .from(actorSedcards)
    .where(eq(actorSedcards.actorId, row.id))
    .orderBy(asc(actorSedcards.position));
  return { actor: { id: row.id, name: row.name, displayName: row.displayName }, ageRating: row.ageRating, pictures };
}

/** Place in the top cams ranking, or null for a performer with too few ratings. */
async function topCamRank(db: Database, row: ActorRow): Promise<number | null> {
  if (row.ratingCount < MIN_RATINGS_TO_SHOW) return null;
  const mine = sql`${row.ratingSum}::float8 / ${row.ratingCount}`;
  const [ahead] = await db
    .select({ n: count() })
    .from(actors)
    .where(
      and(
        rated,
        sql`(${averageRating} > ${mine} or (${averageRating} = ${mine} and (${actors.ratingCount} > ${row.ratingCount} or (${actors.ratingCount} = ${row.ratingCount} and ${actors.id} < ${row.id}))))`,
      ),
    );
  return (ahead?.n ?? 0) + 1;
}

const isBirthday = (birthday: string | null, today: Date) =>
  birthday !== null && birthday.slice(5) === today.toISOString().slice(5, 10);

/**
 * The profile page's data: spec Actor data and profile fields, texts in the viewer's language, the pictures as
 * the viewer's age gate shows them.
 */
export async function performerProfile(db: Database, idOrName: string, viewer: Viewer): Promise<ActorProfile> {
  const row = await findActor(db, idOrName);
  const [sedcards, categoryRows, favorite, rank] = await Promise.all([
    db.select().from(actorSedcards).where(eq(actorSedcards.actorId, row.id)).orderBy(asc(actorSedcards.position)),
    db
      .select()
      .from(actorCategories)
      .where(
        or(
          eq(actorCategories.id, row.categoryId),
          inArray(
            actorCategories.id,
            db
              .select({ id: actorCategoryMembers.categoryId })
              .from(actorCategoryMembers)
              .where(eq(actorCategoryMembers.actorId, row.id)),
          ),
          isNewActor(row, viewer.now) ? eq(actorCategories.id, NEW_ACTOR_CATEGORY_ID) : sql`false`,
        ),
      )
      .orderBy(asc(actorCategories.position)),
    viewer.guestId
      ? db
          .select({ actorId: favoriteActors.actorId })
          .from(favoriteActors)
          .where(and(eq(favoriteActors.guestId, viewer.guestId), eq(favoriteActors.actorId, row.id)))
      : Promise.resolve([]),
    topCamRank(db, row),
  ]);
  const item = listItem(row, viewer);
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    isOnline: row.isOnline,
    freeChat: row.freeChat,
    bannedCountryCodes: row.bannedCountryCodes,
    isActorAvailableForConversionChat: row.isOnline && row.freeMessages > 0,
    isOnlineMobileVideocall: row.isOnlineMobileVideocall,
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    prices: item.prices,
    isLivePreviewEnabled: row.isLivePreviewEnabled,
    isVoyeurChatAvailable: row.isVoyeurChatAvailable,
    guestHasTicket: item.chatButton.guestHasTicket,
    isFavoriteAlbum: false,
    star: row.star,
    registeredSince: row.registeredSince.toISOString(),
    isTopAmateur: row.isTopAmateur,
    isNew: item.isNew,
    sedcards: sedcards.map(({ id, url, width, height }) => ({
      id,
      url: viewer.gate.image(url, row.ageRating),
      width,
      height,
    })),
    avatar: { id: row.id, url: performerAvatar(viewer.gate, row), ...ACTOR_AVATAR_SIZE },
    profile: {
      age: row.age,
      threeWords: row.threeWords,
      languages: row.languages,
      country: row.country,
      gender: item.gender,
      aboutMe: row.aboutMeTranslations[viewer.language] ?? row.aboutMe,
    },
    modelGuestRelation: { isFavorite: favorite.length > 0 },
    favoriteCount: row.favoriteCount,
    birthdayText: isBirthday(row.birthday, viewer.now) ? BIRTHDAY_TEXTS[viewer.language](row.displayName) : null,
    rating: rating(row),
    categories: categoryRows.map((c) => ({ id: c.id, slug: c.slug, name: categoryName(c, viewer.language) })),
    chatPrices: {
      videoChat: row.priceVideoChat,
      voyeurChat: row.priceVoyeurChat,
      ticketShow: row.priceTicketShow,
      singleChat: row.priceSingleChat,
      singleC2CChat: row.priceSingleC2C,
    },
    chatFeatures: {
      livePreview: row.isLivePreviewEnabled,
      hd: row.hasHd,
      audio: row.hasAudio,
      dildocontrol: row.isToyControlAvailable,
    },
    isToyControlAvailable: row.isToyControlAvailable,
    isVoyeurInSingleChatAllowed: row.isVoyeurInSingleChatAllowed,
    chatButton: item.chatButton,
    topCamRank: rank,
  };
}

export async function performerState(db: Database, actorId: number, viewer: Viewer): Promise<ActorState> {
  const row = await findActor(db, String(actorId));
  return {
    actorId: row.id,
    isOnline: row.isOnline,
    isCurrentlyTicketShow: row.isCurrentlyTicketShow,
    isOnlineMobileVideocall: row.isOnlineMobileVideocall,
    chatButton: chatButton(row, viewer),
  };
}

export async function onlinePerformers(
  db: Database,
  filter: { first: number; offset: number; freeChat?: boolean | null; categoryId?: number | null },
  now: Date,
  gate: AgeGate,
): Promise<{ total: number; items: OnlineModel[] }> {
  const where = and(
    eq(actors.isOnline, true),
    filter.freeChat == null ? undefined : eq(actors.freeChat, filter.freeChat),
    filter.categoryId == null ? undefined : inCategory(filter.categoryId, now),
  );
  const { items: rows, total } = await countedPage(
    db
      .select()
      .from(actors)
      .where(where)
      .orderBy(desc(actors.isTopAmateur), desc(actors.favoriteCount), asc(actors.id))
      .$dynamic(),
    db.select({ total: count() }).from(actors).where(where),
    { limit: filter.first, offset: filter.offset },
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      avatarUrl: performerAvatar(gate, row),
      isOnline: row.isOnline,
      freeChat: row.freeChat,
      age: row.age,
      country: row.country,
      languages: row.languages,
      isTopAmateur: row.isTopAmateur,
      isNew: isNewActor(row, now),
      videoChatPrice: row.priceVideoChat,
    })),
  };
}

/** Every performer's name, the argument of their pages: for listings of all pages, such as the sitemap. */
/** Every performer's id, shown name and self-description in three words, by id: what texts about her are made of. */
export async function performerSketches(
  db: Database,
): Promise<Array<{ id: number; displayName: string; threeWords: string }>> {
  return db
    .select({ id: actors.id, displayName: actors.displayName, threeWords: actors.threeWords })
    .from(actors)
    .orderBy(asc(actors.id));
}

export async function performerNames(db: Database): Promise<string[]> {
  const rows = await db.select({ name: actors.name }).from(actors).orderBy(asc(actors.id));
  return rows.map((row) => row.name);
}

/** A performer as the messenger offers her to write to: what its recommendation and favourite lists show. */
export const recommendedColumns = {
  id: actors.id,
  name: actors.name,
  displayName: actors.displayName,
  age: actors.age,
  avatarUrl: actors.avatarUrl,
  isOnline: actors.isOnline,
  ageRating: actors.ageRating,
};

/** A row of `recommendedColumns` as the caller sees it: her avatar through the caller's age gate. */
export const toRecommended =
  (gate: AgeGate) =>
  ({ ageRating, ...actor }: RecommendedActor & { ageRating: number }): RecommendedActor => ({
    ...actor,
    avatarUrl: performerAvatar(gate, { avatarUrl: actor.avatarUrl, ageRating }),
  });

/** Performers to start a conversation with: online ones first, the most popular within that. */
export async function recommendedPerformers(
  db: Database,
  gate: AgeGate,
  count: number,
  exceptId?: number,
): Promise<RecommendedActor[]> {
  const rows = await db
    .select(recommendedColumns)
    .from(actors)
    .where(exceptId ? ne(actors.id, exceptId) : undefined)
    .orderBy(desc(actors.isOnline), desc(actors.favoriteCount), asc(actors.id))
    .limit(count);
  return rows.map(toRecommended(gate));
}
