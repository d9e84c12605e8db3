import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import {
  CANCELLATION_OFFER_PERCENT,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_PLAN_IDS,
  type GuestSubscription,
  type SubscriptionKind,
  type SubscriptionPlanId,
  type SubscriptionsState,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { setSubscriptionFlags } from '../auth/guests';
import { isUniqueViolation } from '../auth/service';
import type { ModuleContext } from '../module';
import { recordSubscriptionPayment, type ChargeOutcome, type PaymentProvider } from '../wallet/payment';
import { subscriptionPayments, subscriptions } from './schema';

type Ctx = Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar'>;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const RUNNING = ['active', 'cancelled'] as const;

const planOf = (id: string) => SUBSCRIPTION_PLANS[id as SubscriptionPlanId];
/** The plan a subscription renews as: the trial continues as the regular plan it names. */
const renewalPlanOf = (row: SubscriptionRow) => SUBSCRIPTION_PLANS[planOf(row.plan).renewsAs];
const offerPrice = (cents: number) => Math.round((cents * CANCELLATION_OFFER_PERCENT) / 100);
const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

function toWire(row: SubscriptionRow): GuestSubscription {
  // A purchase is answered once it is settled; a pending row here would be a bug.
  if (row.status === 'pending') throw new Error(`subscription ${row.id} is still pending`);
  return {
    id: row.id,
    kind: row.kind,
    plan: row.plan as SubscriptionPlanId,
    status: row.status,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    nextPriceCents: row.nextPriceCents,
    offerAvailable: row.status === 'active' && row.offer === null,
  };
}

async function running(db: Database, guestId: string, kind: SubscriptionKind): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.guestId, guestId), eq(subscriptions.kind, kind), inArray(subscriptions.status, RUNNING)),
    );
  return row ?? null;
}

/** What the guest has and had of each kind, from the subscriptions themselves. */
async function history(db: Database, guestId: string) {
  const rows = await db
    .select({ kind: subscriptions.kind, status: subscriptions.status, trial: subscriptions.trial })
    .from(subscriptions)
    .where(eq(subscriptions.guestId, guestId));
  const has = (kind: SubscriptionKind, statuses: readonly string[]) =>
    rows.some((row) => row.kind === kind && statuses.includes(row.status));
  const flags = (kind: SubscriptionKind) => ({
    subscriber: has(kind, RUNNING),
    formerSubscriber: !has(kind, RUNNING) && has(kind, ['expired']),
  });
  return { vip: flags('vip'), tv: flags('tv'), trialUsed: rows.some((row) => row.trial && row.status !== 'pending') };
}

/**
 * Sets the guest's VIP and TV flags (the session's and profile's) from the subscriptions and pushes the change
 * of `kind`; `started` names what a new subscription cost, for the client's purchase event in EUR.
 */
async function syncAndPush(
  ctx: Ctx,
  guestId: string,
  kind: SubscriptionKind,
  started: { plan: string; priceCents: number } | null,
): Promise<void> {
  const now = await history(ctx.db, guestId);
  await setSubscriptionFlags(ctx.db, guestId, {
    vip: now.vip.subscriber,
    tvSubscriber: now.tv.subscriber,
    formerTvSubscriber: now.tv.formerSubscriber,
  });
  ctx.hub.sendToGuest(guestId, {
    type: 'subscription',
    kind,
    ...now[kind],
    started: started ? { ...started, currency: 'EUR' } : null,
  });
  await ctx.statusBar.refresh(guestId);
}

export async function subscriptionsState(db: Database, guestId: string | null): Promise<SubscriptionsState> {
  const plans = SUBSCRIPTION_PLAN_IDS.map((id) => {
    const { kind, days, priceCents, trial } = SUBSCRIPTION_PLANS[id];
    return { id, kind, days, priceCents, trial };
  });
  if (!guestId) return { plans, subscriptions: [], trialUsed: false, formerVip: false, formerTvSubscriber: false };
  const [rows, past] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.guestId, guestId), inArray(subscriptions.status, RUNNING)))
      .orderBy(asc(subscriptions.kind)),
    history(db, guestId),
  ]);
  return {
    plans,
    subscriptions: rows.map(toWire),
    trialUsed: past.trialUsed,
    formerVip: past.vip.formerSubscriber,
    formerTvSubscriber: past.tv.formerSubscriber,
  };
}

/** Records period `period` as paid: the ledger's transfer and the payment row, both once per provider reference. */
async function recordPeriod(
  tx: Database,
  row: SubscriptionRow,
  period: number,
  payment: { provider: string; providerReference: string; amountEurCents: number },
  now: Date,
): Promise<void> {
  const moved = await recordSubscriptionPayment(tx, { ...payment, guestId: row.guestId, kind: row.kind, at: now });
  await tx
    .insert(subscriptionPayments)
    .values({
      subscriptionId: row.id,
      period,
      amountEurCents: payment.amountEurCents,
      providerReference: payment.providerReference,
      transferId: moved.transferId,
      created: now,
    })
    .onConflictDoNothing();
}

/** Our reference of the charge of a subscription's period at the provider, made from the subscription's row. */
const periodReference = (subscriptionId: string, period: number) => `subscription:${subscriptionId}:period:${period}`;

/**
 * A pending purchase still unsettled this long after it was reserved lost its request (the server stopped while
 * charging): the renewal job settles it with the provider. Far longer than any request runs, so the job never
 * settles a purchase that is still charging.
 */
export const RESERVATION_SETTLE_AFTER_MS = 10 * 60 * 1000;

/**
 * Takes the guest's place for the plan's kind (and the trial) with a pending subscription, before any money moves:
 * 409 SUBSCRIPTION_ACTIVE when one runs or another purchase holds the place, 409 TRIAL_USED for a second trial.
 */
async function reserve(
  ctx: Ctx,
  request: { guestId: string; plan: SubscriptionPlanId; operationKey: string },
): Promise<SubscriptionRow> {
  const plan = SUBSCRIPTION_PLANS[request.plan];
  const now = ctx.now();
  try {
    const [reserved] = await ctx.db
      .insert(subscriptions)
      .values({
        guestId: request.guestId,
        kind: plan.kind,
        plan: request.plan,
        trial: plan.trial,
        status: 'pending',
        operationKey: request.operationKey,
        periodStart: now,
        periodEnd: addDays(now, plan.days),
        nextPriceCents: SUBSCRIPTION_PLANS[plan.renewsAs].priceCents,
        created: now,
      })
      .returning();
    return reserved!;
  } catch (error) {
    // The unique indexes decide between concurrent purchases, before anything was charged.
    if (isUniqueViolation(error, 'subscriptions_trial_once'))
      throw new HttpError(409, 'TRIAL_USED', 'The trial can be taken once');
    if (isUniqueViolation(error, 'subscriptions_running_unique'))
      throw new HttpError(409, 'SUBSCRIPTION_ACTIVE', 'You already have this subscription');
    throw error;
  }
}

/**
 * Settles a pending purchase with the provider's answer to its first charge: paid, the subscription starts now
 * and its payment goes into the ledger, in one transaction; declined, the reservation is removed. Whoever comes
 * first (the request, its retry or the renewal job) settles it; the others find it settled. Answers the
 * subscription, or null when it was declined.
 */
async function settlePurchase(
  ctx: Ctx,
  providerName: string,
  reservation: SubscriptionRow,
  outcome: ChargeOutcome,
): Promise<SubscriptionRow | null> {
  const pending = and(eq(subscriptions.id, reservation.id), eq(subscriptions.status, 'pending'));
  if (outcome.status === 'declined' || !outcome.paymentMethod) {
    await ctx.db.delete(subscriptions).where(pending);
    return null;
  }
  const plan = planOf(reservation.plan);
  const now = ctx.now();
  const activated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        paymentMethod: outcome.paymentMethod,
        periodStart: now,
        periodEnd: addDays(now, plan.days),
      })
      .where(pending)
      .returning();
    if (!row) return null;
    await recordPeriod(
      tx,
      row,
      1,
      { provider: providerName, providerReference: outcome.providerReference, amountEurCents: plan.priceCents },
      now,
    );
    return row;
  });
  if (!activated) {
    const [settled] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, reservation.id));
    return settled ?? null;
  }
  await syncAndPush(ctx, activated.guestId, activated.kind, { plan: activated.plan, priceCents: plan.priceCents });
  return activated;
}

/**
 * Buys a plan: reserves the guest's place for its kind (409 SUBSCRIPTION_ACTIVE / TRIAL_USED, nothing charged),
 * charges the card for the first period under a reference of the reservation, then starts the subscription with
 * that payment in the ledger; a declined card removes the reservation (402 PAYMENT_DECLINED). A retry with the
 * same operation key answers the same subscription, and one whose first request stopped while charging charges
 * the same reference, which the provider answers with the same charge.
 */
export async function subscribe(
  ctx: Ctx,
  provider: PaymentProvider,
  request: { guestId: string; plan: SubscriptionPlanId; card: string; operationKey: string },
): Promise<GuestSubscription> {
  const plan = SUBSCRIPTION_PLANS[request.plan];
  const { guestId } = request;
  const [earlier] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.operationKey, request.operationKey), eq(subscriptions.guestId, guestId)));
  if (earlier && earlier.status !== 'pending') return toWire(earlier);
  if (!earlier && (await running(ctx.db, guestId, plan.kind)))
    throw new HttpError(409, 'SUBSCRIPTION_ACTIVE', 'You already have this subscription');
  if (!earlier && plan.trial && (await history(ctx.db, guestId)).trialUsed)
    throw new HttpError(409, 'TRIAL_USED', 'The trial can be taken once');
  const reservation = earlier ?? (await reserve(ctx, request));
  const outcome = await provider.charge({
    amountEurCents: plan.priceCents,
    card: request.card,
    guestId,
    reference: periodReference(reservation.id, 1),
  });
  const row = await settlePurchase(ctx, provider.name, reservation, outcome);
  if (!row) throw new HttpError(402, 'PAYMENT_DECLINED', 'The card was declined; nothing was charged');
  return toWire(row);
}

/**
 * Settles the purchases whose request was lost: the provider finalizes each one's first charge, so a purchase
 * that was charged starts (once) and one that was not is dropped, and no charge can follow under its reference.
 */
async function settleLostPurchases(
  ctx: Ctx & Pick<ModuleContext, 'log'>,
  provider: PaymentProvider,
  now: Date,
): Promise<number> {
  const lost = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'pending'),
        lte(subscriptions.created, new Date(now.getTime() - RESERVATION_SETTLE_AFTER_MS)),
      ),
    );
  let settled = 0;
  for (const reservation of lost) {
    try {
      const outcome = await provider.finalize(periodReference(reservation.id, 1));
      await settlePurchase(ctx, provider.name, reservation, outcome);
      settled++;
    } catch (error) {
      ctx.log.error({ err: error, subscriptionId: reservation.id }, 'subscriptions: settling a purchase failed');
    }
  }
  return settled;
}

/** Ends a subscription whose last period is over: cancelled, or its renewal's payment declined. */
async function expire(ctx: Ctx, row: SubscriptionRow, reason: 'cancelled' | 'declined'): Promise<void> {
  const [ended] = await ctx.db
    .update(subscriptions)
    .set({ status: 'expired', endReason: reason })
    .where(
      and(eq(subscriptions.id, row.id), eq(subscriptions.period, row.period), inArray(subscriptions.status, RUNNING)),
    )
    .returning({ id: subscriptions.id });
  if (ended) await syncAndPush(ctx, row.guestId, row.kind, null);
}

/**
 * Renews one due subscription: charges the saved card under a reference of the subscription and the new period,
 * then, in one transaction, moves the subscription on from the period it read and records the payment. A run
 * cut short by a restart is repeated by the next run: before the charge it simply charges; after it, the
 * provider answers the same charge for the same reference and the ledger's key records it once. The new period
 * starts where the old one ended, or now if the server was down past it (no one pays for time it did not run).
 */
async function renew(ctx: Ctx, provider: PaymentProvider, row: SubscriptionRow, now: Date): Promise<void> {
  const next = row.period + 1;
  const outcome = await provider.chargeSaved({
    amountEurCents: row.nextPriceCents,
    paymentMethod: row.paymentMethod!,
    guestId: row.guestId,
    reference: periodReference(row.id, next),
  });
  if (outcome.status === 'declined') return expire(ctx, row, 'declined');
  const plan = renewalPlanOf(row);
  const start = row.periodEnd > now ? row.periodEnd : now;
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(subscriptions)
      .set({
        period: next,
        periodStart: start,
        periodEnd: addDays(start, plan.days),
        nextPriceCents: plan.priceCents,
      })
      .where(
        and(eq(subscriptions.id, row.id), eq(subscriptions.period, row.period), eq(subscriptions.status, 'active')),
      )
      .returning();
    // Another run renewed this period first; it recorded the same provider reference.
    if (!moved) return;
    await recordPeriod(
      tx,
      moved,
      next,
      { provider: provider.name, providerReference: outcome.providerReference, amountEurCents: row.nextPriceCents },
      now,
    );
  });
  await syncAndPush(ctx, row.guestId, row.kind, null);
}

/**
 * The renewal job: purchases whose request was lost are settled first; then every subscription whose period is
 * over is renewed (active) or ends (cancelled). One failing subscription does not stop the others; it is tried
 * again at the next run. Answers how many were handled.
 */
export async function renewDue(ctx: Ctx & Pick<ModuleContext, 'log'>, provider: PaymentProvider): Promise<number> {
  const now = ctx.now();
  let handled = await settleLostPurchases(ctx, provider, now);
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, RUNNING), lte(subscriptions.periodEnd, now)))
    .orderBy(asc(subscriptions.periodEnd));
  for (const row of due) {
    try {
      if (row.status === 'cancelled') await expire(ctx, row, 'cancelled');
      else await renew(ctx, provider, row, now);
      handled++;
    } catch (error) {
      ctx.log.error({ err: error, subscriptionId: row.id }, 'subscriptions: renewal failed, tried again next run');
    }
  }
  return handled;
}

/**
 * Asking to cancel: while the subscription's cancellation offer is unanswered, nothing is cancelled and the
 * offer (the next period at a discount) is answered; afterwards, or for a subscription already cancelled, it is
 * cancelled and runs until its period ends. 404 NO_SUBSCRIPTION without one.
 */
export async function cancel(ctx: Ctx, guestId: string, kind: SubscriptionKind) {
  const row = await running(ctx.db, guestId, kind);
  if (!row) throw new HttpError(404, 'NO_SUBSCRIPTION', 'You have no such subscription');
  const endsAt = row.periodEnd.toISOString();
  if (row.status === 'active' && row.offer === null) {
    await ctx.db.update(subscriptions).set({ cancelRequested: ctx.now() }).where(eq(subscriptions.id, row.id));
    await ctx.statusBar.refresh(guestId);
    return { status: 'offered' as const, endsAt, offerPriceCents: offerPrice(row.nextPriceCents) };
  }
  if (row.status === 'active') {
    await ctx.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, row.id));
    await syncAndPush(ctx, guestId, kind, null);
  }
  return { status: 'cancelled' as const, endsAt, offerPriceCents: null };
}

/**
 * The answer to the cancellation offer: taken, the next renewal costs the offer's price and the subscription
 * goes on; declined, it is cancelled and ends with its period. Either way the offer is used up. 409
 * CANCELLATION_OFFER_UNAVAILABLE when there is no unanswered offer.
 */
export async function answerCancellationOffer(ctx: Ctx, guestId: string, kind: SubscriptionKind, accept: boolean) {
  const row = await running(ctx.db, guestId, kind);
  const [answered] = row
    ? await ctx.db
        .update(subscriptions)
        .set(
          accept
            ? { offer: 'accepted', nextPriceCents: offerPrice(row.nextPriceCents) }
            : { offer: 'declined', status: 'cancelled' },
        )
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active'), isNull(subscriptions.offer)))
        .returning()
    : [];
  if (!answered) throw new HttpError(409, 'CANCELLATION_OFFER_UNAVAILABLE', 'There is no cancellation offer to answer');
  if (accept) await ctx.statusBar.refresh(guestId);
  else await syncAndPush(ctx, guestId, kind, null);
  return {
    acceptedOffer: accept,
    info: { endsAt: answered.periodEnd.toISOString(), nextPriceCents: accept ? answered.nextPriceCents : null },
  };
}

/** The offer price of the guest's VIP subscription while the guest asked to cancel and has not answered, or null. */
export async function openCancellationOffer(db: Database, guestId: string): Promise<number | null> {
  const [row] = await db
    .select({ nextPriceCents: subscriptions.nextPriceCents })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.guestId, guestId),
        eq(subscriptions.kind, 'vip'),
        eq(subscriptions.status, 'active'),
        isNotNull(subscriptions.cancelRequested),
        isNull(subscriptions.offer),
      ),
    );
  return row ? offerPrice(row.nextPriceCents) : null;
}

/**
 * The paid periods of the guest's VIP subscriptions, each from its payment for as long as its plan runs (a
 * period's first day is when it was paid; the trial's first period is the trial's length).
 */
export async function vipPeriods(db: Database, guestId: string): Promise<{ start: Date; end: Date }[]> {
  const rows = await db
    .select({ period: subscriptionPayments.period, paid: subscriptionPayments.created, subscription: subscriptions })
    .from(subscriptionPayments)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
    .where(and(eq(subscriptions.guestId, guestId), eq(subscriptions.kind, 'vip')))
    .orderBy(asc(subscriptionPayments.created));
  return rows.map(({ period, paid, subscription }) => {
    const plan = period === 1 ? planOf(subscription.plan) : renewalPlanOf(subscription);
    return { start: paid, end: addDays(paid, plan.days) };
  });
}

/** How long the guest is told that a taken offer could not be charged. */
const OFFER_ERROR_DAYS = 7;

/**
 * Whether the guest's VIP ended in the last days because the renewal at the offer's price she took was declined,
 * and she has no VIP now: the offer could not be applied.
 */
export async function failedCancellationOffer(db: Database, guestId: string, now: Date): Promise<boolean> {
  const [latest] = await db
    .select({ status: subscriptions.status, offer: subscriptions.offer, endReason: subscriptions.endReason })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.guestId, guestId),
        eq(subscriptions.kind, 'vip'),
        ne(subscriptions.status, 'pending'),
        gt(subscriptions.periodEnd, new Date(now.getTime() - OFFER_ERROR_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(subscriptions.created))
    .limit(1);
  return latest?.status === 'expired' && latest.offer === 'accepted' && latest.endReason === 'declined';
}

/**
 * Gives the guest VIP days (a reward) inside the caller's transaction: a running VIP subscription runs that much
 * longer (its next renewal moves back, unpaid); without one she gets a VIP membership of those days that ends by
 * itself, as a cancelled subscription does, so nothing is ever charged for it. Her VIP flag follows at once.
 */
export async function grantVipDays(tx: Database, guestId: string, days: number, now: Date): Promise<void> {
  const current = await running(tx, guestId, 'vip');
  if (current) {
    await tx
      .update(subscriptions)
      .set({ periodEnd: addDays(current.periodEnd, days) })
      .where(eq(subscriptions.id, current.id));
    return;
  }
  await tx.insert(subscriptions).values({
    guestId,
    kind: 'vip',
    plan: 'vip',
    status: 'cancelled',
    paymentMethod: 'reward',
    periodStart: now,
    periodEnd: addDays(now, days),
    nextPriceCents: 0,
    offer: 'declined',
    created: now,
  });
  const state = await history(tx, guestId);
  await setSubscriptionFlags(tx, guestId, {
    vip: state.vip.subscriber,
    tvSubscriber: state.tv.subscriber,
    formerTvSubscriber: state.tv.formerSubscriber,
  });
}
