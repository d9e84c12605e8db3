import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authEndpoints } from '@velvet/contracts';
import { route, HttpError } from '../../http/endpoint';
import type { ModuleContext, ServerModule } from '../module';
import { tokenOf } from '../../http/auth';
import { findGuest, guestView, shareKeptGuests } from './guests';
import { createAnonymous, issue, login, signup } from './service';
import { FailureThrottle, throttleStore, type ThrottleRule } from './throttle';
import { checkLoginCode, confirmEnrolment, startEnrolment } from './totp';
import { welcomeBack } from './welcome-back';
import { rateLimitStore } from '../../cluster/bus';

const MINUTE_MS = 60_000;
/**
 * Login throttling (OWASP authentication cheat sheet): 5 failures of one account or 20 from one address within
 * an hour, then the next attempt waits 30 s, doubling with each further failure up to 15 minutes. A success
 * forgets the account's failures; an address keeps its count until its window passes.
 */
const ACCOUNT_RULE: ThrottleRule = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
  windowMs: 60 * MINUTE_MS,
};
const ADDRESS_RULE: ThrottleRule = { ...ACCOUNT_RULE, freeFailures: 20 };
const accounts = new FailureThrottle('login-account', ACCOUNT_RULE);
const addresses = new FailureThrottle('login-address', ADDRESS_RULE);

function rateLimited(reply: FastifyReply, waitMs: number): HttpError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new HttpError(429, 'RATE_LIMITED', 'Too many failed logins; try again later');
}

/** The operator's own row, for the second-factor endpoints. */
async function operatorRow(ctx: ModuleContext, guestId: string) {
  const row = await findGuest(ctx.db, guestId);
  if (!row.operator) throw new HttpError(403, 'FORBIDDEN', 'Only operators may do this');
  return row;
}

/** Tokens for anonymous visitors and guests: sign up, log in and out, who am I; operators' second factor (locks: lifecycle). */
export const authModule: ServerModule = {
  name: 'auth',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  prepare: async (ctx) => {
    shareKeptGuests(ctx.bus);
    // Sessions that ended early are refused from memory: read them before the first request.
    await ctx.sessions.load(ctx.now());
  },
  socket: (ctx) => ctx.statusBar.register('welcomeBackUser', (guestId) => welcomeBack(ctx, guestId)),
  routes: (ctx) => async (app) => {
    // Counted across the server processes (Redis) when there are several: a guesser gains nothing by spreading.
    const throttle = throttleStore(ctx.bus);

    /** Routes whose calls one client address may make `max` times an hour, counted before the body is read. */
    const perAddressHourly = (limit: string, max: number, routes: (limited: FastifyInstance) => void) =>
      app.register(async (limited) => {
        await limited.register(rateLimit, { max, timeWindow: 60 * MINUTE_MS, ...rateLimitStore(ctx.bus, limit) });
        routes(limited);
      });

    await perAddressHourly('anonymous', ctx.config.anonymousSessionsPerAddressPerHour, (limited) =>
      route(limited, authEndpoints.anonymous, async () => issue(app, ctx, await createAnonymous(ctx.db), ctx.now())),
    );

    await perAddressHourly('signup', ctx.config.signupsPerAddressPerHour, (limited) =>
      // Every call carries the language as a query parameter; a new guest keeps it as preference.
      route(limited, authEndpoints.signup, async ({ body, request }) => {
        const { language } = request.query as { language?: string };
        const row = await signup(ctx.db, { ...body, ...(language ? { language } : {}) });
        // The account exists either way: a mail that could not be written is logged, not the sign-up's failure.
        await ctx.hooks
          .guestSignedUp?.(row.id)
          .catch((error: unknown) => request.log.error({ err: error }, 'verification mail not written'));
        return issue(app, ctx, row, ctx.now());
      }),
    );

    route(app, authEndpoints.login, async ({ body, request, reply }) => {
      const now = ctx.now();
      const ms = now.getTime();
      const account = accounts.key(body.email.trim().toLowerCase());
      const address = addresses.key(request.ip);
      // Counted before the check, so guesses sent in parallel count too; taken back when the password is right.
      // While waiting, not even the right password gets in: the check itself is what is being limited.
      const wait = await throttle.attempt([account, address], ms);
      if (wait > 0) throw rateLimited(reply, wait);
      let row;
      try {
        row = await login(ctx.db, body.email, body.password);
        await checkLoginCode(ctx.db, row, body.totp, now);
      } catch (error) {
        if (error instanceof HttpError && error.code === 'TOTP_REQUIRED') await throttle.undo([account, address]);
        throw error;
      }
      await throttle.reset([account]);
      await throttle.undo([address]);
      if (row.locked) throw new HttpError(403, 'GUEST_LOCKED', 'This account is locked');
      return issue(app, ctx, row, now);
    });

    route(app, authEndpoints.me, async ({ auth, request }) => {
      if (request.authError) throw request.authError;
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
      // The same token again: a session keeps its absolute expiry however often it is resumed.
      return { accessToken: tokenOf(request)!, guest: await guestView(ctx, await findGuest(ctx.db, auth.guestId)) };
    });

    route(app, authEndpoints.logout, async ({ auth, request }) => {
      if (request.authError) throw request.authError;
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
      const ended = await ctx.sessions.end(auth.sid, ctx.now());
      ctx.hub.endSessions(auth.guestId, auth.sid);
      return { ended };
    });

    route(app, authEndpoints.totpStatus, async ({ auth }) => ({
      enabled: (await operatorRow(ctx, auth.guestId)).totpSecret !== null,
    }));
    route(app, authEndpoints.totpStart, async ({ auth }) =>
      startEnrolment(ctx.db, await operatorRow(ctx, auth.guestId)),
    );
    route(app, authEndpoints.totpConfirm, async ({ auth, body }) => {
      await confirmEnrolment(ctx.db, await operatorRow(ctx, auth.guestId), body.code, ctx.now());
      return { enabled: true };
    });
  },
};
