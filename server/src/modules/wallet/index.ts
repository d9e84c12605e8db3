import path from 'node:path';
import { balanceOnWire, formatCurrency, paymentFlowEndpoints, walletEndpoints } from '@velvet/contracts';
import { routePath } from '../../http/route-path';
import { requireOperator, route } from '../../http/endpoint';
import { ensureDemoGuest } from '../auth/demo-guest';
import { asLanguage, findGuest, guestView } from '../auth/guests';
import {
  autoRechargeState,
  enabledRechargeCents,
  failedRecharge,
  setAutoRecharge,
  setTeaserState,
} from './auto-recharge';
import type { ServerModule } from '../module';
import { idempotent, pruneIdempotencyKeys, releaseDeadClaims } from './idempotency';
import { depositByCard, settleStaleDeposits } from './deposits';
import { depositLimits, setDepositLimits } from './limits';
import { compensate, sandboxProvider } from './payment';
import { balanceOf, pushBalance, shareBalanceViews, transfer } from './service';

/** Coins the demo guest starts with, so the demo site can buy at once (hundredths). */
const DEMO_GUEST_COINS = 500_00;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const SETTLE_INTERVAL_MS = 60 * 1000;

/**
 * Coins: the double-entry ledger (accounts, immutable transfers and entries), Stripe-like idempotency of
 * money-moving POSTs and the money charge through a payment provider (the built-in sandbox).
 */
export const walletModule: ServerModule = {
  name: 'wallet',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    route(app, walletEndpoints.sandboxCharge, async ({ auth, body, request }) =>
      idempotent(ctx, request, 'payment.sandbox.charge', async (operationKey) => {
        const { credited, providerReference } = await depositByCard(ctx, sandboxProvider(ctx.db), {
          guestId: auth.guestId,
          amountEurCents: Math.round(body.amountEur * 100),
          card: body.cardNumber,
          reference: operationKey,
        });
        return {
          success: true as const,
          coins: credited.coins,
          guestBalance: credited.balance,
          guestBalanceFormatted: credited.balanceFormatted,
          reference: providerReference,
        };
      }),
    );
    route(app, paymentFlowEndpoints.limits, ({ auth }) => depositLimits(ctx.db, auth.guestId, ctx.now()));
    route(app, paymentFlowEndpoints.setLimits, ({ auth, body }) =>
      setDepositLimits(ctx.db, auth.guestId, body, ctx.now()),
    );
    route(app, paymentFlowEndpoints.autoRecharge, ({ auth }) => autoRechargeState(ctx.db, auth.guestId));
    route(app, paymentFlowEndpoints.setAutoRecharge, async ({ auth, body }) => {
      const state = await setAutoRecharge(ctx.db, auth.guestId, body);
      await ctx.statusBar.refresh(auth.guestId);
      return state;
    });
    route(app, paymentFlowEndpoints.autoRechargeTeaserState, ({ auth, body }) =>
      setTeaserState(ctx.db, auth.guestId, body.mode),
    );
    route(app, paymentFlowEndpoints.vxpayOnSuccess, async ({ auth }) => {
      await pushBalance(ctx, auth.guestId);
      return { guest: await guestView(ctx, await findGuest(ctx.db, auth.guestId)) };
    });
    route(app, paymentFlowEndpoints.vxpayLogout, async ({ auth }) => {
      const ended = await ctx.sessions.end(auth.sid, ctx.now());
      ctx.hub.endSessions(auth.guestId, auth.sid);
      return { ended };
    });
    route(app, paymentFlowEndpoints.compensation, async ({ auth, body, request }) => {
      requireOperator(auth);
      return idempotent(ctx, request, 'operator.compensation', async (operationKey) => {
        const result = await compensate(ctx.db, {
          ...body,
          operatorId: auth.guestId,
          key: operationKey,
          at: ctx.now(),
        });
        await pushBalance(ctx, result.guestId);
        return result;
      });
    });
  },
  socket: (ctx) => {
    ctx.statusBar.register('error', async (guestId) => {
      const failed = await failedRecharge(ctx.db, guestId, ctx.now());
      if (!failed) return null;
      const language = asLanguage((await findGuest(ctx.db, guestId)).language);
      const context = failed.reason === 'declined' ? 'autoRechargeDeclined' : 'autoRechargeLimited';
      return {
        data: { context, amount: formatCurrency(failed.amountEurCents, 'EUR', language) },
        action: { href: routePath('myAccountPayments', language) },
      };
    });
    ctx.statusBar.register('automaticRecharge', async (guestId) => {
      const amountEurCents = await enabledRechargeCents(ctx.db, guestId);
      if (amountEurCents === null) return null;
      const language = asLanguage((await findGuest(ctx.db, guestId)).language);
      return {
        data: { amount: formatCurrency(amountEurCents, 'EUR', language) },
        action: { href: routePath('myAccountPayments', language) },
      };
    });
  },
  hooks: (ctx) => ({
    guestBalance: async (guestId, language) => {
      const { balance, balanceFormatted } = balanceOnWire(await balanceOf(ctx.db, guestId), language);
      return { amount: balance, formatted: balanceFormatted };
    },
  }),
  prepare: async (ctx) => {
    shareBalanceViews(ctx.bus);
    const released = await releaseDeadClaims(ctx);
    if (released > 0) ctx.log.info({ released }, 'wallet: idempotency claims of stopped processes released');
  },
  start: (ctx) => {
    const stops = [
      ctx.leases.repeat('wallet: pruning idempotency keys', PRUNE_INTERVAL_MS, () => pruneIdempotencyKeys(ctx.db)),
      // Deposits whose request was lost are settled at start and then every minute.
      ctx.leases.repeat('wallet: settling deposits', SETTLE_INTERVAL_MS, () =>
        settleStaleDeposits(ctx, sandboxProvider(ctx.db)),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  },
  seed: async (ctx) => {
    const demoGuestId = await ensureDemoGuest(ctx.db);
    await transfer(ctx.db, {
      reason: 'bonus.welcome',
      at: ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'platform' }, amount: -DEMO_GUEST_COINS },
        { account: { kind: 'guest', id: demoGuestId }, amount: DEMO_GUEST_COINS },
      ],
      idempotency: { scope: 'seed', key: `welcome:${demoGuestId}` },
    });
  },
};
