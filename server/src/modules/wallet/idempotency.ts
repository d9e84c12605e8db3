import { createHash } from 'node:crypto';
import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, type ErrorBody } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { Leases } from '../../leases/leases';
import { HttpError } from '../../http/endpoint';
import { walletIdempotencyKeys } from './schema';

const KEY_MAX_LENGTH = 255;
/**
 * A claim this old belongs to a request that hangs or whose process died while others run on (several server
 * processes on one PostgreSQL); a retry may take the key over. A starting process does not wait for it: it
 * releases the claims of processes that are gone at once (releaseDeadClaims).
 */
const CLAIM_LEASE_SECONDS = 60;

/** What the idempotency keys need of the server: its database, and the id of this process that its claims name. */
export interface IdempotencyContext {
  db: Database;
  leases: Pick<Leases, 'processId' | 'running'>;
}

/**
 * Runs at start: every key still claimed (no answer stored) by a process that no longer runs is released, so the
 * client's retry runs at once instead of answering 409 until the lease ends. A process that stopped took its
 * requests with it; the claims of processes still running (several on one database) are theirs and stay.
 * Answers how many were released.
 */
export async function releaseDeadClaims(ctx: IdempotencyContext): Promise<number> {
  const running = await ctx.leases.running();
  const released = await ctx.db
    .delete(walletIdempotencyKeys)
    .where(
      and(
        isNull(walletIdempotencyKeys.statusCode),
        or(isNull(walletIdempotencyKeys.claimedBy), notInArray(walletIdempotencyKeys.claimedBy, running)),
      ),
    )
    .returning({ key: walletIdempotencyKeys.key });
  return released.length;
}

/** Stored answers are kept for a day, like Stripe's; the transfers' own keys keep protecting the money after. */
const ANSWER_RETENTION_HOURS = 24;

/** Forgets stored answers older than the retention; answers how many. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const pruned = await db
    .delete(walletIdempotencyKeys)
    .where(sql`${walletIdempotencyKeys.created} < now() - make_interval(hours => ${ANSWER_RETENTION_HOURS})`)
    .returning({ key: walletIdempotencyKeys.key });
  return pruned.length;
}

/** JSON with sorted keys, so the same parameters in another order hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Query parameters every client call carries; they say who asks and how, not what is asked. */
const CALL_PARAMETERS = new Set(['accessToken', 'language', 'version']);

/** Method, path, query and body: what makes two requests "the same parameters" (not the token or the language). */
function requestHash(request: FastifyRequest): string {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(([name]) => !CALL_PARAMETERS.has(name)),
  );
  const parameters = { method: request.method, path: request.url.split('?')[0], query, body: request.body ?? null };
  return createHash('sha256').update(canonical(parameters)).digest('hex');
}

function keyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !key.trim())
    throw new HttpError(400, 'IDEMPOTENCY_KEY_MISSING', `This request needs an ${IDEMPOTENCY_KEY_HEADER} header`);
  if (key.length > KEY_MAX_LENGTH)
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      `An ${IDEMPOTENCY_KEY_HEADER} has at most ${KEY_MAX_LENGTH} characters`,
    );
  return key;
}

/** Takes over a key whose first request stopped answering; false when another retry was quicker. */
async function takeOverStale(ctx: IdempotencyContext, scope: string, key: string): Promise<boolean> {
  const taken = await ctx.db
    .update(walletIdempotencyKeys)
    .set({ claimedAt: sql`now()`, claimedBy: ctx.leases.processId })
    .where(
      and(
        eq(walletIdempotencyKeys.scope, scope),
        eq(walletIdempotencyKeys.key, key),
        isNull(walletIdempotencyKeys.statusCode),
        sql`${walletIdempotencyKeys.claimedAt} < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      ),
    )
    .returning({ key: walletIdempotencyKeys.key });
  return taken.length > 0;
}

/**
 * Runs a money-moving POST once per `Idempotency-Key` (Stripe's semantics), per endpoint scope and caller:
 * - no key: 400 IDEMPOTENCY_KEY_MISSING;
 * - a new key: the handler runs and its answer (success or 4xx) is stored;
 * - the same key and parameters again: the stored answer, without running the handler;
 * - the same key with other parameters: 422 IDEMPOTENCY_KEY_REUSED;
 * - the same key while the first request still runs: 409 IDEMPOTENCY_KEY_IN_USE.
 * An unexpected error (a bug, the database gone) releases the key, so the client's retry runs again; the
 * handler's own transfers carry idempotency keys too, so such a retry cannot move money twice. For those the
 * handler gets the operation's key: the client's key qualified by scope and caller, so one client key used on
 * two endpoints (or for a video and then an album) names two operations, never one transfer.
 */
export async function idempotent<T>(
  ctx: IdempotencyContext,
  request: FastifyRequest,
  scope: string,
  handler: (operationKey: string) => Promise<T>,
): Promise<T> {
  const { db } = ctx;
  const key = keyOf(request);
  const fullScope = `${scope}:${request.auth?.guestId ?? 'anonymous'}`;
  const hash = requestHash(request);
  const where = and(eq(walletIdempotencyKeys.scope, fullScope), eq(walletIdempotencyKeys.key, key));

  const claimed = await db
    .insert(walletIdempotencyKeys)
    .values({ scope: fullScope, key, requestHash: hash, claimedBy: ctx.leases.processId })
    .onConflictDoNothing()
    .returning({ key: walletIdempotencyKeys.key });
  if (claimed.length === 0) {
    const [first] = await db.select().from(walletIdempotencyKeys).where(where);
    // Released by a failed first request in the meantime: claim it afresh.
    if (!first) return idempotent(ctx, request, scope, handler);
    if (first.requestHash !== hash)
      throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
    if (first.statusCode === null) {
      if (!(await takeOverStale(ctx, fullScope, key)))
        throw new HttpError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running');
    } else if (first.statusCode === 200) {
      return first.response as T;
    } else {
      const body = first.response as ErrorBody;
      throw new HttpError(first.statusCode, body.code as HttpError['code'], body.message);
    }
  }

  try {
    const result = await handler(`${fullScope}:${key}`);
    await db.update(walletIdempotencyKeys).set({ statusCode: 200, response: result }).where(where);
    return result;
  } catch (error) {
    if (error instanceof HttpError) {
      const body: ErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
      await db.update(walletIdempotencyKeys).set({ statusCode: error.statusCode, response: body }).where(where);
    } else {
      await db.delete(walletIdempotencyKeys).where(where);
    }
    throw error;
  }
}
