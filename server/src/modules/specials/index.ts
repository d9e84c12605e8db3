import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  accountEndpoints,
  BLOG_CACHE_MAX_AGE_SECONDS,
  LANGUAGES,
  SPINWHEEL_TYPES,
  decodeBlogActorsPayload,
  decodeBlogPostsPayload,
  resolveBlogCategory,
  eventsEndpoints,
  eventsSdl,
  gamesEndpoints,
  gamesSdl,
  specialsEndpoints,
  specialsSdl,
  type Language,
  type LoyaltyGrant,
  type SpinwheelType,
} from '@velvet/contracts';
import { HttpError, requireGuest, requireOperator, route } from '../../http/endpoint';
import { ageGate, isAgeVerified } from '../auth/age';
import { pushGuestVouchers } from '../account/vouchers';
import { idempotent } from '../wallet/idempotency';
import { pushBalance } from '../wallet/service';
import type { Auth, GraphqlContribution, ModuleContext, ServerModule } from '../module';
import { seedSpecials } from './seed';
import * as advent from './advent';
import * as events from './events';
import * as games from './games';
import * as giftCalendar from './gift-calendar';
import { claimDailyBonus, consumedDailyBonus } from './daily-bonus';
import { changesBenefits, gainedRewards } from './rewards';
import * as specials from './service';
import { redeemVoucher } from './vouchers';

/**
 * Blog answers are the same for everyone, so browsers and CDNs may keep a successful one for a minute. Those that
 * show performers' avatars show them through the caller's age gate: `auth` names that caller, and a logged-in
 * guest's answer is kept by her browser alone.
 */
async function cachedForAMinute<T>(reply: FastifyReply, answer: Promise<T>, auth?: Auth | null): Promise<T> {
  const result = await answer;
  const scope = auth?.loggedIn ? 'private' : 'public';
  reply.header('cache-control', `${scope}, max-age=${BLOG_CACHE_MAX_AGE_SECONDS}`);
  if (auth !== undefined) reply.header('vary', 'authorization');
  return result;
}

function blogCategoryOrThrow(segment: string): number | null {
  const categoryId = resolveBlogCategory(segment);
  if (categoryId === undefined) throw new HttpError(404, 'NOT_FOUND', `Unknown blog category ${segment}`);
  return categoryId;
}

/** Guest-specific parts (votes, spins) only for a logged-in guest. */
const guestIdOf = (auth: Auth | null) => (auth?.loggedIn ? auth.guestId : null);

const specialsRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    route(app, specialsEndpoints.contestHeader, ({ params, query }) =>
      specials.contestHeader(db, params.contestId, ctx.now(), query.language),
    );
    route(app, specialsEndpoints.contestGridItems, ({ params, query }) =>
      specials.contestGridItems(db, {
        contestId: params.contestId,
        sub: params.contestSub,
        limit: params.limit,
        offset: params.offset,
        actorName: query.actorName,
        now: ctx.now(),
        language: query.language,
      }),
    );
    route(app, specialsEndpoints.contestGuestData, ({ params, auth }) =>
      specials.contestGuestData(db, params.contestId, auth.guestId),
    );
    route(app, specialsEndpoints.contest, ({ params, query, auth }) =>
      specials.contestDetail(db, params.contestId, guestIdOf(auth), ctx.now(), query.language),
    );
    route(app, specialsEndpoints.contestTopList, ({ params, query }) =>
      specials.contestTopList(db, params.contestId, query.language),
    );
    route(app, specialsEndpoints.contestActor, ({ params, query }) =>
      specials.contestActorEntries(db, params.contestId, params.actorId, query.language),
    );
    for (const [endpoint, change] of [
      [specialsEndpoints.addContestMediaVoting, 1],
      [specialsEndpoints.deleteContestMediaVoting, -1],
    ] as const) {
      route(app, endpoint, async ({ body, auth }) => {
        const result = await specials.changeContestVote(db, {
          guestId: auth.guestId,
          ageVerified: await isAgeVerified(db, auth),
          input: body,
          change,
          now: ctx.now(),
        });
        if (change > 0 && result.success) await activity(ctx, auth.guestId, 'contestVote');
        return result;
      });
    }

    route(app, specialsEndpoints.clashWinner, async ({ params, body, auth }) => {
      requireOperator(auth);
      const clashId = await specials.setClashWinner(db, params.challengeId, body.teamId);
      const clash = await specials.findClash(db, await ageGate(ctx, auth), clashId, null, ctx.now());
      const challenge = clash?.challenges.find((c) => c.id === params.challengeId);
      if (!challenge) throw new HttpError(404, 'NOT_FOUND', 'Clash challenge not found');
      return challenge;
    });

    route(app, specialsEndpoints.blogCategories, async ({ reply }) =>
      cachedForAMinute(
        reply,
        specials.blogCategories(db, ctx.now()).then((categories) => ({ categories })),
      ),
    );
    route(app, specialsEndpoints.blogPosts, async ({ params, query, reply }) => {
      const categoryId = blogCategoryOrThrow(params.categoryId);
      const payload = decodeBlogPostsPayload(params.payload);
      if (!payload)
        throw new HttpError(400, 'VALIDATION_FAILED', 'The payload must be {page, pageSize, exclude} as JSON');
      return cachedForAMinute(
        reply,
        specials.blogPostsPage(db, { categoryId, ...payload, now: ctx.now(), language: query.language }),
      );
    });
    route(app, specialsEndpoints.blogArchives, async ({ params, query, reply }) =>
      cachedForAMinute(
        reply,
        specials.blogArchives(db, {
          categoryId: blogCategoryOrThrow(params.category),
          year: query.year,
          page: query.page,
          pageSize: query.pageSize,
          now: ctx.now(),
          language: query.language,
        }),
      ),
    );
    route(app, specialsEndpoints.blogActors, async ({ params, reply, auth }) => {
      const ids = decodeBlogActorsPayload(params.payload);
      if (!ids) throw new HttpError(400, 'VALIDATION_FAILED', 'The payload must be {ids: [...]} as JSON');
      return cachedForAMinute(
        reply,
        specials.blogActors(db, await ageGate(ctx, auth), ids).then((actors) => ({ actors })),
        auth,
      );
    });
    route(app, specialsEndpoints.blogArticle, async ({ params, query, reply, auth }) =>
      cachedForAMinute(
        reply,
        specials.blogArticle(db, await ageGate(ctx, auth), params.slug, ctx.now(), query.language),
        auth,
      ),
    );

    route(app, specialsEndpoints.specialEvents, async ({ query }) => ({
      events: await specials.listSpecialEvents(db, ctx.now(), query.language),
    }));
    route(app, specialsEndpoints.magazinePages, async ({ query }) => ({
      pages: await specials.listMagazinePages(db, ctx.now(), query.language),
    }));
    route(app, specialsEndpoints.randomMagazinePage, ({ params, query }) =>
      specials.randomMagazinePage(db, params.excludeId, ctx.now(), query.language),
    );
    route(app, gamesEndpoints.gameReward, ({ params, auth }) =>
      games.gameGuestInfo(db, { game: params.game, eventId: params.eventId, guestId: auth.guestId, now: ctx.now() }),
    );
    route(app, gamesEndpoints.adventCalendar, ({ auth }) => advent.adventCalendar(db, guestIdOf(auth), ctx.now()));
    route(app, gamesEndpoints.openAdventDoor, async ({ params, auth }) => {
      const { door, granted } = await advent.openAdventDoor(db, {
        guestId: auth.guestId,
        door: params.door,
        now: ctx.now(),
      });
      if (granted.coins) await pushBalance(ctx, auth.guestId);
      if (granted.created) await activity(ctx, auth.guestId, 'adventDoor');
      if (granted.created && changesBenefits(granted.reward.type)) await pushGuestVouchers(ctx, auth.guestId);
      return door;
    });
    route(app, gamesEndpoints.claimDailyBonus, async ({ params, auth, request }) =>
      idempotent(ctx, request, 'dailyBonus.claim', async () => {
        const outcome = await claimDailyBonus(db, { guestId: auth.guestId, offerId: params.offerId, now: ctx.now() });
        if (outcome.coinsMoved) await pushBalance(ctx, auth.guestId);
        if (outcome.voucher) await pushGuestVouchers(ctx, auth.guestId);
        return outcome.claim;
      }),
    );
    route(app, gamesEndpoints.consumedDailyBonus, async ({ auth }) => ({
      claims: await consumedDailyBonus(db, auth.guestId),
    }));
    route(app, accountEndpoints.useVoucher, ({ params, body, auth, request }) =>
      idempotent(ctx, request, 'voucher.use', (idempotencyKey) =>
        redeemVoucher(ctx, {
          guestId: auth.guestId,
          voucherId: params.voucherId,
          mediaId: body.mediaId,
          idempotencyKey,
        }),
      ),
    );
    route(app, gamesEndpoints.gainedRewards, async ({ auth }) => ({
      rewards: await gainedRewards(db, auth.guestId),
    }));
    route(app, eventsEndpoints.eventData, ({ params, query, auth }) =>
      events.eventData(db, {
        eventType: params.eventType,
        guestId: guestIdOf(auth),
        now: ctx.now(),
        language: query.language,
      }),
    );
    route(app, eventsEndpoints.easterEggs, async ({ params, auth }) => ({
      eggs: await events.eggsOnPage(db, { page: params.page, guestId: guestIdOf(auth), now: ctx.now() }),
    }));
    route(app, eventsEndpoints.collectEgg, ({ body, auth }) =>
      events.collectEgg(db, { guestId: auth.guestId, token: body.verificationToken, now: ctx.now() }),
    );
    route(app, eventsEndpoints.actorGiftCalendar, ({ params, auth }) =>
      giftCalendar.actorGiftCalendar(db, { actorId: params.actorId, guestId: guestIdOf(auth), now: ctx.now() }),
    );
    route(app, eventsEndpoints.giftCalendars, async ({ auth }) => ({
      calendars: await giftCalendar.giftCalendars(db, { guestId: guestIdOf(auth), now: ctx.now() }),
    }));
    route(app, eventsEndpoints.claimEventReward, async ({ params, query, auth }) => {
      const granted = await events.claimEventReward(db, {
        eventType: params.eventType,
        rewardId: params.rewardId,
        guestId: auth.guestId,
        now: ctx.now(),
      });
      if (granted.coins) await pushBalance(ctx, auth.guestId);
      if (granted.created && changesBenefits(granted.reward.type)) await pushGuestVouchers(ctx, auth.guestId);
      return events.eventData(db, {
        eventType: params.eventType,
        guestId: auth.guestId,
        now: ctx.now(),
        language: query.language,
      });
    });
    route(app, specialsEndpoints.magazinePage, ({ params, query }) =>
      specials.magazinePage(db, params.page, ctx.now(), query.language),
    );
  };

interface Context {
  auth: Auth | null;
  ctx: ModuleContext;
}

function languageArg(language: string | null | undefined): Language | undefined {
  if (language === null || language === undefined) return undefined;
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new HttpError(400, 'VALIDATION_FAILED', `language must be one of ${LANGUAGES.join(', ')}`);
  }
  return language as Language;
}

const specialsGraphql: GraphqlContribution = {
  schema: specialsSdl + gamesSdl + eventsSdl,
  resolvers: {
    Query: {
      dailyBonus: async (_root: unknown, args: { language?: string }, { ctx, auth }: Context) =>
        specials.dailyBonus(
          ctx.db,
          { now: ctx.now(), gate: await ageGate(ctx, auth), guestId: guestIdOf(auth) },
          languageArg(args.language),
        ),
      contests: (_root: unknown, args: { language?: string }, { ctx }: Context) =>
        specials.listContests(ctx.db, ctx.now(), languageArg(args.language)),
      clash: async (_root: unknown, args: { id?: number | null; language?: string }, { ctx, auth }: Context) =>
        specials.findClash(
          ctx.db,
          await ageGate(ctx, auth),
          args.id ?? null,
          guestIdOf(auth),
          ctx.now(),
          languageArg(args.language),
        ),
      spinwheel: (_root: unknown, args: { type?: string | null; language?: string }, { ctx, auth }: Context) =>
        specials.spinwheel(ctx.db, wheelType(args.type), guestIdOf(auth), ctx.now(), languageArg(args.language)),
      gameConfig: (_root: unknown, args: { eventId: number; language?: string }, { ctx }: Context) =>
        games.gameConfig(ctx.db, args.eventId, ctx.now(), languageArg(args.language)),
      loyaltyRewardHistory: (_root: unknown, args: { language?: string }, { ctx, auth }: Context) => {
        requireGuest(auth);
        return specials.loyaltyRewardHistory(ctx.db, auth.guestId, languageArg(args.language));
      },
    },
    Mutation: {
      spin: async (_root: unknown, args: { type?: string | null; language?: string }, { ctx, auth }: Context) => {
        requireGuest(auth);
        const grant = await specials.spin(ctx.db, {
          guestId: auth.guestId,
          type: wheelType(args.type),
          now: ctx.now(),
          language: languageArg(args.language),
        });
        await activity(ctx, auth.guestId, 'spin');
        // The spin taken (and a voucher or spins won) changes the benefits page's counts.
        await pushGuestVouchers(ctx, auth.guestId);
        return loyaltyChanged(ctx, auth.guestId, grant);
      },
      redeemLoyaltyReward: async (_root: unknown, args: { id: number; language?: string }, { ctx, auth }: Context) => {
        requireGuest(auth);
        const grant = await specials.redeemLoyaltyReward(ctx.db, {
          guestId: auth.guestId,
          rewardId: args.id,
          now: ctx.now(),
          language: languageArg(args.language),
        });
        if (changesBenefits(grant.rewardType)) await pushGuestVouchers(ctx, auth.guestId);
        return loyaltyChanged(ctx, auth.guestId, grant);
      },
      useAttempt: async (_root: unknown, args: { eventId: number; language?: string }, { ctx, auth }: Context) => {
        requireGuest(auth);
        const { coins, ...result } = await games.useAttempt(ctx.db, {
          eventId: args.eventId,
          guestId: auth.guestId,
          now: ctx.now(),
          language: languageArg(args.language),
        });
        if (coins) await pushBalance(ctx, auth.guestId);
        if (result.reward && changesBenefits(result.reward.type)) await pushGuestVouchers(ctx, auth.guestId);
        if (result.success) await activity(ctx, auth.guestId, 'gameAttempt');
        return result;
      },
      claimActorGiftCalendarReward: async (
        _root: unknown,
        args: { actorId: number; qmday: string },
        { ctx, auth }: Context,
      ) => {
        requireGuest(auth);
        const { day, granted } = await giftCalendar.claimGiftCalendarDay(ctx.db, {
          actorId: args.actorId,
          qmday: args.qmday,
          guestId: auth.guestId,
          now: ctx.now(),
        });
        if (granted.coins) await pushBalance(ctx, auth.guestId);
        if (granted.created && changesBenefits(granted.reward.type)) await pushGuestVouchers(ctx, auth.guestId);
        return day;
      },
      claimUserActivityReward: async (
        _root: unknown,
        args: { eventId: number; rewardId: number },
        { ctx, auth }: Context,
      ) => {
        requireGuest(auth);
        const { granted, answer } = await events.claimUserActivityReward(ctx.db, {
          eventId: args.eventId,
          rewardId: args.rewardId,
          guestId: auth.guestId,
          now: ctx.now(),
        });
        if (granted.coins) await pushBalance(ctx, auth.guestId);
        if (granted.created && changesBenefits(granted.reward.type)) await pushGuestVouchers(ctx, auth.guestId);
        return answer;
      },
      clashAddVote: (_root: unknown, args: { challengeId: number; teamId: number }, { ctx, auth }: Context) =>
        clashVote(ctx, auth, args.challengeId, args.teamId),
      clashRevokeVote: (_root: unknown, args: { challengeId: number }, { ctx, auth }: Context) =>
        clashVote(ctx, auth, args.challengeId, null),
    },
  },
};

/** The spinwheel type asked for; the default monthly points wheel without one. */
function wheelType(type: string | null | undefined): SpinwheelType {
  const value = type ?? 'default';
  if (!(SPINWHEEL_TYPES as readonly string[]).includes(value)) {
    throw new HttpError(400, 'VALIDATION_FAILED', `type must be one of ${SPINWHEEL_TYPES.join(', ')}`);
  }
  return value as SpinwheelType;
}

/** A spin or a redeemed reward changed the guest's spins (and a bonus her balance): her other tabs are told. */
async function loyaltyChanged(ctx: ModuleContext, guestId: string, grant: LoyaltyGrant): Promise<LoyaltyGrant> {
  ctx.hub.sendToGuest(guestId, { type: 'loyaltyPointsChanged', points: grant.points, spins: grant.spins });
  if (grant.rewardType === 'bonus') await pushBalance(ctx, guestId);
  return grant;
}

/**
 * Points follow the coins a guest spends, so every balance push of a connected guest pushes her points and spins
 * too (the same state again after a bonus prize, whose grant was pushed already).
 */
async function pushLoyaltyPoints(ctx: ModuleContext, guestId: string): Promise<void> {
  if (!(await ctx.hub.isGuestConnectedAnywhere(guestId))) return;
  const [points, spins] = await Promise.all([
    specials.loyaltyPoints(ctx.db, guestId, ctx.now()),
    specials.spinsOf(ctx.db, guestId),
  ]);
  ctx.hub.sendToGuest(guestId, { type: 'loyaltyPointsChanged', points, spins });
}

/** What a guest did counts in the running user-activity event (within its daily limits). */
const activity = (ctx: ModuleContext, guestId: string, key: events.ActivityKey) =>
  events.recordActivity(ctx.db, { guestId, key, now: ctx.now() });

/** A guest's clash vote or revoke; everyone reading the clash is pushed the new counts. */
async function clashVote(ctx: ModuleContext, auth: Auth | null, challengeId: number, teamId: number | null) {
  requireGuest(auth);
  const voting = await specials.castClashVote(ctx.db, { guestId: auth.guestId, challengeId, teamId, now: ctx.now() });
  if (teamId !== null) await activity(ctx, auth.guestId, 'clashVote');
  ctx.hub.broadcast({
    type: 'clashVoting',
    challengeId,
    votes: voting.votes.map(({ teamId: team, votes }) => ({ teamId: team, votes })),
  });
  return voting;
}

/**
 * Daily bonus, contests, blog and magazine pages, special events and their games, the advent calendar, clash of
 * cams, the spinwheel, and the one reward engine that grants what games, doors and the wheel give.
 */
export const specialsModule: ServerModule = {
  name: 'specials',
  hooks: (ctx) => ({
    balancePushed: (guestId) => pushLoyaltyPoints(ctx, guestId),
    spinwheelSpins: (guestId) => specials.spinsOf(ctx.db, guestId),
  }),
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: specialsRoutes,
  graphql: specialsGraphql,
  seed: (ctx, { scale }) => seedSpecials(ctx, scale),
};
