import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { codesEndpoints, codesSdl } from '@velvet/contracts';
import { requireGuest, requireOperator, route } from '../../http/endpoint';
import { idempotent } from '../wallet/idempotency';
import { pushBalance } from '../wallet/service';
import type { Auth, GraphqlContribution, ModuleContext, ServerModule } from '../module';
import { claimCoinLoyaltyBonus, coinLoyalty } from './coin-loyalty';
import { seedCodes } from './seed';
import * as service from './service';

const codesRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    route(app, codesEndpoints.canRedeem, ({ params, auth }) =>
      service.canRedeem(db, auth.guestId, params.code, ctx.now()),
    );
    route(app, codesEndpoints.bonusCode, ({ params }) => service.bonusCode(db, params.code));
    route(app, codesEndpoints.redeemBonus, ({ body, auth, request }) =>
      // Coins may move, so the redemption is a money-moving POST with its Idempotency-Key.
      idempotent(ctx, request, 'codes.redeem', async () => {
        const { bonus, coins } = await service.redeem(db, { guestId: auth.guestId, code: body.code, now: ctx.now() });
        if (coins) await pushBalance(ctx, auth.guestId);
        ctx.hub.sendToGuest(auth.guestId, { type: 'bonusCodeRedeemed', bonus });
        if (bonus.welcome) ctx.hub.sendToGuest(auth.guestId, { type: 'welcomeBonusRedeemed' });
        return { success: true as const, bonus };
      }),
    );
    route(app, codesEndpoints.hasOnTopInstance, async ({ params, auth }) => ({
      hasNotRedeemedInstance: await service.hasOnTopInstance(db, auth.guestId, params.promoCode, ctx.now()),
    }));
    route(app, codesEndpoints.campaigns, async ({ auth }) => {
      requireOperator(auth);
      return { campaigns: await service.listCampaigns(db) };
    });
    route(app, codesEndpoints.createCampaign, ({ body, auth }) => {
      requireOperator(auth);
      return service.createCampaign(db, body, auth.guestId, ctx.now());
    });
    route(app, codesEndpoints.createCodes, ({ params, body, auth }) => {
      requireOperator(auth);
      return service.createCodes(db, params.campaignId, body, ctx.now());
    });
  };

interface Context {
  auth: Auth | null;
  ctx: ModuleContext;
}

const codesGraphql: GraphqlContribution = {
  schema: codesSdl,
  resolvers: {
    Query: {
      coinLoyalty: (_root: unknown, _args: unknown, { ctx, auth }: Context) => {
        requireGuest(auth);
        return coinLoyalty(ctx.db, auth.guestId, ctx.now());
      },
    },
    Mutation: {
      claimCoinLoyaltyBonus: async (_root: unknown, _args: unknown, { ctx, auth }: Context) => {
        requireGuest(auth);
        const claimed = await claimCoinLoyaltyBonus(ctx.db, auth.guestId, ctx.now());
        await pushBalance(ctx, auth.guestId);
        return claimed;
      },
    },
  },
};

/**
 * Bonus codes, promo codes and scratch cards: operators' campaigns and their codes, guests redeeming them through
 * the reward engine of specials (the code of a bonus-code voucher too, which specials asks through a hook), and promo codes' on-top bonuses offered to the wallet for the next top-up; the
 * coin loyalty bonus, a share of last month's spending claimed through the same engine.
 */
export const codesModule: ServerModule = {
  name: 'codes',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: codesRoutes,
  graphql: codesGraphql,
  hooks: () => ({ redeemVoucherCode: service.redeemVoucherCode }),
  seed: (ctx) => seedCodes(ctx.db, ctx.now()),
};
