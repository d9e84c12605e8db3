import path from 'node:path';
import { formatCurrency, subscriptionEndpoints } from '@velvet/contracts';
import { routePath } from '../../http/route-path';
import { asLanguage, findGuest } from '../auth/guests';
import { route } from '../../http/endpoint';
import type { ServerModule } from '../module';
import { idempotent } from '../wallet/idempotency';
import { collectMonthlyBonus, openMonthlyBonus } from './monthly-bonus';
import { sandboxProvider } from '../wallet/payment';
import {
  answerCancellationOffer,
  cancel,
  failedCancellationOffer,
  openCancellationOffer,
  renewDue,
  subscribe,
  subscriptionsState,
} from './service';

/** How often the renewal job looks for periods that are over; it also runs at every start. */
export const RENEWAL_INTERVAL_MS = 60_000;

/** VIP (monthly, with a trial once per guest) and TV subscriptions in EUR: purchase, renewal, cancellation. */
export const subscriptionsModule: ServerModule = {
  name: 'subscriptions',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    route(app, subscriptionEndpoints.state, ({ auth }) =>
      subscriptionsState(ctx.db, auth?.loggedIn ? auth.guestId : null),
    );
    route(app, subscriptionEndpoints.subscribe, ({ auth, body, request }) =>
      idempotent(ctx, request, 'subscriptions.subscribe', (operationKey) =>
        subscribe(ctx, sandboxProvider(ctx.db), {
          guestId: auth.guestId,
          plan: body.plan,
          card: body.cardNumber,
          operationKey,
        }),
      ),
    );
    route(app, subscriptionEndpoints.cancel, ({ auth, body }) => cancel(ctx, auth.guestId, body.kind));
    route(app, subscriptionEndpoints.acceptCancellationOffer, ({ auth, body }) =>
      answerCancellationOffer(ctx, auth.guestId, body.kind, body.accept),
    );
    route(app, subscriptionEndpoints.monthlyBonus, ({ auth }) => collectMonthlyBonus(ctx, auth.guestId));
  },
  socket: (ctx) => {
    ctx.statusBar.register('cancellationOffer', async (guestId) => {
      const priceCents = await openCancellationOffer(ctx.db, guestId);
      if (priceCents === null) return null;
      const language = asLanguage((await findGuest(ctx.db, guestId)).language);
      return {
        data: { offer: formatCurrency(priceCents, 'EUR', language) },
        action: { href: routePath('vipClub', language) },
      };
    });
    ctx.statusBar.register('cancellationOfferError', async (guestId) => {
      if (!(await failedCancellationOffer(ctx.db, guestId, ctx.now()))) return null;
      const language = asLanguage((await findGuest(ctx.db, guestId)).language);
      return { data: {}, action: { href: routePath('vipClub', language) } };
    });
    ctx.statusBar.register('monthlyBonusNotification', async (guestId) => {
      const bonus = await openMonthlyBonus(ctx.db, guestId, ctx.now());
      return bonus && { data: bonus, action: { claim: 'vipMonthlyBonus' } };
    });
  },
  // A takeover after a run that died midway is harmless: a period moves on once and its payment is recorded once.
  start: (ctx) =>
    ctx.leases.repeat('subscriptions: renewing due periods', RENEWAL_INTERVAL_MS, () =>
      renewDue(ctx, sandboxProvider(ctx.db)),
    ),
};
