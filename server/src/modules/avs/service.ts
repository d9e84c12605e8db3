import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  AVS_BONUS_HUNDREDTHS,
  SANDBOX_AVS_PENDING_SECONDS,
  coinsFromHundredths,
  type AvsCallbackBody,
  type AvsCheckResult,
  type AvsInfo,
  type AvsStatus,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError, requireGuest, requireOperator } from '../../http/endpoint';
import { avsStatusOf, setAvsStatus } from '../auth/age';
import { asLanguage, findGuest } from '../auth/guests';
import type { Auth, ModuleContext } from '../module';
import { pushBalance, transfer } from '../wallet/service';
import type { AvsProvider, SandboxAvsProvider } from './provider';
import { avsCallbackEvents, avsChecks } from './schema';

type CheckRow = typeof avsChecks.$inferSelect;
export interface AvsProviders {
  sandbox: SandboxAvsProvider;
  /** Every provider whose callbacks the server takes, by name. */
  byName: ReadonlyMap<string, AvsProvider>;
}

/** A path of this site (not another origin): where a provider may send the guest back. */
const FORWARD_URL = /^\/(?![/\\])[^\s]{0,499}$/;

/** Starts a check with the provider: the guest proves the age at the answered link. */
export async function requestCheckout(
  ctx: ModuleContext,
  provider: AvsProvider,
  auth: Auth | null,
  forwardUrl: string,
): Promise<{ checkoutLink: string }> {
  requireGuest(auth);
  if (!FORWARD_URL.test(forwardUrl))
    throw new HttpError(400, 'VALIDATION_FAILED', 'forwardUrl must be a path of this site');
  const guest = await findGuest(ctx.db, auth.guestId);
  if (guest.avsStatus === 'accepted')
    throw new HttpError(409, 'AVS_ALREADY_VERIFIED', 'The age of this guest is verified already');
  const language = asLanguage(guest.language);
  const [check] = await ctx.db
    .insert(avsChecks)
    .values({
      guestId: auth.guestId,
      provider: provider.name,
      status: 'open',
      forwardUrl,
      language,
      created: ctx.now(),
    })
    .returning({ id: avsChecks.id });
  return { checkoutLink: provider.checkoutLink({ checkId: check!.id, forwardUrl, language }) };
}

/** The check under a row lock, in the caller's transaction. */
async function lockCheck(tx: Database, checkId: string): Promise<CheckRow | undefined> {
  const [row] = await tx.select().from(avsChecks).where(eq(avsChecks.id, checkId)).for('update');
  return row;
}

type Decision = { status: 'accepted' } | { status: 'rejected'; rejectMessage: string } | { status: 'pending' };
type Push = () => Promise<void> | void;

/**
 * Applies a provider's decision to a locked open or pending check and the guest's status, in the caller's
 * transaction, and answers the pushes to send after the commit. An acceptance pays the one-time bonus (the
 * ledger's idempotency key is the guest, so revoking and verifying again pays nothing). A later rejection or
 * pending of another check never takes an accepted status away: only an operator's revoke does.
 */
async function decide(ctx: ModuleContext, tx: Database, check: CheckRow, decision: Decision): Promise<Push[]> {
  const now = ctx.now();
  await tx
    .update(avsChecks)
    .set({
      status: decision.status,
      rejectMessage: decision.status === 'rejected' ? decision.rejectMessage : null,
      decideAt: decision.status === 'pending' ? new Date(now.getTime() + SANDBOX_AVS_PENDING_SECONDS * 1000) : null,
      decided: decision.status === 'pending' ? null : now,
    })
    .where(eq(avsChecks.id, check.id));
  const current = await avsStatusOf(tx, check.guestId);
  if (current === 'accepted') return [];
  await setAvsStatus(tx, check.guestId, decision.status);
  const guestId = check.guestId;
  if (decision.status === 'pending') return [() => ctx.hub.sendToGuest(guestId, { type: 'avsPending' })];
  if (decision.status === 'rejected')
    return [() => ctx.hub.sendToGuest(guestId, { type: 'avsRejected', message: decision.rejectMessage })];
  const bonus = await transfer(tx, {
    reason: 'bonus.avs',
    at: now,
    legs: [
      { account: { kind: 'system', id: 'platform' }, amount: -AVS_BONUS_HUNDREDTHS },
      { account: { kind: 'guest', id: guestId }, amount: AVS_BONUS_HUNDREDTHS },
    ],
    idempotency: { scope: 'avs.bonus', key: guestId },
  });
  return [
    () => ctx.hub.sendToGuest(guestId, { type: 'avsSet' }),
    ...(bonus.replayed ? [] : [async () => void (await pushBalance(ctx, guestId))]),
  ];
}

const runPushes = async (ctx: ModuleContext, guestId: string, pushes: Push[]) => {
  for (const push of pushes) await push();
  await ctx.statusBar.refresh(guestId);
};

/** The sandbox checkout: the typed identity is decided at once, or left pending for the provider's callback. */
export async function submitSandbox(
  ctx: ModuleContext,
  sandbox: SandboxAvsProvider,
  auth: Auth,
  checkId: string,
  identity: string,
): Promise<AvsCheckResult> {
  const { pushes, result } = await ctx.db.transaction(async (tx) => {
    const check = await lockCheck(tx, checkId);
    // another guest's check is as unknown to this guest as one that does not exist
    if (!check || check.guestId !== auth.guestId || check.provider !== sandbox.name)
      throw new HttpError(404, 'AVS_CHECK_NOT_FOUND', 'No such age check');
    if (check.status !== 'open') throw new HttpError(409, 'AVS_CHECK_CLOSED', 'This age check was submitted already');
    const outcome = sandbox.decide(identity, asLanguage(check.language));
    const decision: Decision =
      outcome.decision === 'rejected'
        ? { status: 'rejected', rejectMessage: outcome.rejectMessage }
        : { status: outcome.decision };
    return {
      pushes: await decide(ctx, tx, check, decision),
      result: {
        status: await avsStatusOf(tx, check.guestId),
        rejectMessage: decision.status === 'rejected' ? decision.rejectMessage : null,
      },
    };
  });
  await runPushes(ctx, auth.guestId, pushes);
  return result;
}

/**
 * A provider's callback: its signature must hold for the body now (else 401 AVS_CALLBACK_INVALID, also for a
 * provider the server does not know), its event must be new (409 AVS_CALLBACK_REPLAYED), its check one of that
 * provider (404 AVS_CHECK_NOT_FOUND) that is still undecided (409 AVS_CHECK_CLOSED). The event is recorded in the
 * transaction that applies it, so two deliveries of one event apply it once.
 */
export async function receiveCallback(
  ctx: ModuleContext,
  providers: AvsProviders,
  providerName: string,
  signature: string | undefined,
  body: AvsCallbackBody,
): Promise<{ applied: boolean }> {
  const provider = providers.byName.get(providerName);
  if (!provider || !provider.verifyCallback(signature, body, ctx.now()))
    throw new HttpError(401, 'AVS_CALLBACK_INVALID', 'The callback signature does not hold');
  if (body.decision === 'rejected' && !body.rejectMessage)
    throw new HttpError(400, 'VALIDATION_FAILED', 'A rejection carries its message');
  const { pushes, guestId } = await ctx.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(avsCallbackEvents)
      .values({ eventId: body.eventId, provider: provider.name, checkId: body.checkId, received: ctx.now() })
      .onConflictDoNothing()
      .returning({ eventId: avsCallbackEvents.eventId });
    if (recorded.length === 0)
      throw new HttpError(409, 'AVS_CALLBACK_REPLAYED', 'This callback event was received already');
    const check = await lockCheck(tx, body.checkId);
    if (!check || check.provider !== provider.name)
      throw new HttpError(404, 'AVS_CHECK_NOT_FOUND', 'No such age check');
    if (check.status !== 'open' && check.status !== 'pending')
      throw new HttpError(409, 'AVS_CHECK_CLOSED', 'This age check is decided already');
    const decision: Decision =
      body.decision === 'accepted'
        ? { status: 'accepted' }
        : { status: 'rejected', rejectMessage: body.rejectMessage! };
    return { pushes: await decide(ctx, tx, check, decision), guestId: check.guestId };
  });
  await runPushes(ctx, guestId, pushes);
  return { applied: true };
}

/**
 * The sandbox's side of a pending check: once its decision is due (by the server clock) it calls back, signed,
 * through the same verification as any provider's callback. Each event id names its check, so a second delivery
 * of a decision is a replay and changes nothing.
 */
export async function deliverDueSandboxCallbacks(ctx: ModuleContext, providers: AvsProviders): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: avsChecks.id })
    .from(avsChecks)
    .where(
      and(
        eq(avsChecks.provider, providers.sandbox.name),
        eq(avsChecks.status, 'pending'),
        lte(avsChecks.decideAt, now),
      ),
    )
    .limit(100);
  let delivered = 0;
  for (const { id } of due) {
    const body: AvsCallbackBody = { eventId: `evt_sbx_${id}`, checkId: id, decision: 'accepted', rejectMessage: null };
    try {
      await receiveCallback(ctx, providers, providers.sandbox.name, providers.sandbox.sign(body, now), body);
      delivered += 1;
    } catch (error) {
      ctx.log.warn({ err: error, checkId: id }, 'avs: the sandbox callback was refused');
    }
  }
  return delivered;
}

/**
 * An operator withdraws a guest's verification: the status goes back to unknown, the accepted checks become
 * revoked, the guest's tabs hear avsRevoked and whatever needs the verification (a running chat) ends.
 */
export async function revoke(ctx: ModuleContext, auth: Auth | null, guestId: string) {
  requireOperator(auth);
  await ctx.db.transaction(async (tx) => {
    if (!(await setAvsStatus(tx, guestId, 'unknown'))) throw new HttpError(404, 'NOT_FOUND', 'No such guest');
    await tx
      .update(avsChecks)
      .set({ status: 'revoked' })
      .where(and(eq(avsChecks.guestId, guestId), eq(avsChecks.status, 'accepted')));
    // a decision still on its way must not verify the guest again behind the operator's back
    await tx
      .update(avsChecks)
      .set({ status: 'cancelled', decided: ctx.now() })
      .where(and(eq(avsChecks.guestId, guestId), inArray(avsChecks.status, ['pending', 'open'])));
  });
  ctx.hub.sendToGuest(guestId, { type: 'avsRevoked' });
  await ctx.statusBar.refresh(guestId);
  await ctx.hooks.ageVerificationRevoked?.(guestId);
  return { guestId, avsStatus: 'unknown' as AvsStatus };
}

/** The provider's message of the guest's latest rejected check. */
export async function latestRejectMessage(db: Database, guestId: string): Promise<string | null> {
  const [row] = await db
    .select({ rejectMessage: avsChecks.rejectMessage })
    .from(avsChecks)
    .where(and(eq(avsChecks.guestId, guestId), eq(avsChecks.status, 'rejected')))
    .orderBy(desc(avsChecks.decided))
    .limit(1);
  return row?.rejectMessage ?? null;
}

/** The guest's verification and whether the first acceptance's bonus is still to come. */
export async function avsInfo(ctx: ModuleContext, auth: Auth | null): Promise<AvsInfo> {
  const bonusCoins = coinsFromHundredths(AVS_BONUS_HUNDREDTHS);
  if (!auth?.loggedIn) return { status: 'unknown', rejectMessage: null, bonusAvailable: true, bonusCoins };
  const status = await avsStatusOf(ctx.db, auth.guestId);
  const [everAccepted] = await ctx.db
    .select({ id: avsChecks.id })
    .from(avsChecks)
    .where(and(eq(avsChecks.guestId, auth.guestId), inArray(avsChecks.status, ['accepted', 'revoked'])))
    .limit(1);
  return {
    status,
    rejectMessage: status === 'rejected' ? await latestRejectMessage(ctx.db, auth.guestId) : null,
    bonusAvailable: !everAccepted,
    bonusCoins,
  };
}

/** How long after an acceptance the status bar says so. */
const ACCEPTED_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * The status bar's age-verification messages: avsStatus while a check is pending, avsAccepted for a day after the
 * acceptance, noavs (with the age check as its action) while the guest is not verified.
 */
export function registerStatusBar(ctx: ModuleContext): void {
  ctx.statusBar.register('avsStatus', async (guestId) =>
    (await avsStatusOf(ctx.db, guestId)) === 'pending' ? { data: {}, action: null } : null,
  );
  ctx.statusBar.register('avsAccepted', async (guestId) => {
    if ((await avsStatusOf(ctx.db, guestId)) !== 'accepted') return null;
    const [latest] = await ctx.db
      .select({ decided: avsChecks.decided })
      .from(avsChecks)
      .where(and(eq(avsChecks.guestId, guestId), eq(avsChecks.status, 'accepted')))
      .orderBy(desc(avsChecks.decided))
      .limit(1);
    const recent = latest?.decided && ctx.now().getTime() - latest.decided.getTime() < ACCEPTED_NOTICE_MS;
    return recent ? { data: {}, action: null } : null;
  });
  ctx.statusBar.register('noavs', async (guestId) => {
    const status = await avsStatusOf(ctx.db, guestId);
    return status === 'unknown' || status === 'rejected' ? { data: {}, action: { flow: 'ageCheck' } } : null;
  });
}
