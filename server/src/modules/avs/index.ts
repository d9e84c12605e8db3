import path from 'node:path';
import { avsEndpoints, avsGraphqlSchema, AVS_SIGNATURE_HEADER } from '@velvet/contracts';
import { findGuestsForOperator } from '../auth/age';
import { requireGuest, requireOperator, route } from '../../http/endpoint';
import type { Auth, ModuleContext, ServerModule } from '../module';
import { sandboxAvsProvider } from './provider';
import {
  avsInfo,
  deliverDueSandboxCallbacks,
  latestRejectMessage,
  receiveCallback,
  registerStatusBar,
  requestCheckout,
  revoke,
  submitSandbox,
  type AvsProviders,
} from './service';

/** How often the sandbox looks for pending checks whose decision is due. */
const SANDBOX_TICK_MS = 1000;

/** The providers of a server: the built-in sandbox, keyed by the server secret. */
const providersByContext = new WeakMap<ModuleContext, AvsProviders>();
export function avsProviders(ctx: ModuleContext): AvsProviders {
  let providers = providersByContext.get(ctx);
  if (!providers) {
    const sandbox = sandboxAvsProvider(ctx.config.jwtSecret);
    providers = { sandbox, byName: new Map([[sandbox.name, sandbox]]) };
    providersByContext.set(ctx, providers);
  }
  return providers;
}

type ResolverContext = { auth: Auth | null; ctx: ModuleContext };

/**
 * Age verification: checks through a provider (the built-in sandbox), its signed callbacks, the guest's status
 * with its pushes (avsSet, avsPending, avsRejected, avsRevoked), a one-time bonus, and the operators' revoke.
 */
export const avsModule: ServerModule = {
  name: 'avs',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    const providers = avsProviders(ctx);
    route(app, avsEndpoints.sandboxSubmit, async ({ auth, params, body }) => {
      requireGuest(auth);
      return submitSandbox(ctx, providers.sandbox, auth, params.checkId, body.identity);
    });
    route(app, avsEndpoints.callback, async ({ params, body, request }) => {
      const signature = request.headers[AVS_SIGNATURE_HEADER];
      return receiveCallback(
        ctx,
        providers,
        params.provider,
        typeof signature === 'string' ? signature : undefined,
        body,
      );
    });
    route(app, avsEndpoints.revoke, async ({ auth, params }) => revoke(ctx, auth, params.guestId));
    route(app, avsEndpoints.guestLookup, async ({ auth, query }) => {
      requireOperator(auth);
      return { guests: await findGuestsForOperator(ctx.db, query.search) };
    });
  },
  graphql: {
    schema: avsGraphqlSchema,
    resolvers: {
      Query: {
        avs: (_root: unknown, _args: unknown, { auth, ctx }: ResolverContext) => avsInfo(ctx, auth),
      },
      Mutation: {
        requestAvsCheckout: (_root: unknown, args: { forwardUrl: string }, { auth, ctx }: ResolverContext) =>
          requestCheckout(ctx, avsProviders(ctx).sandbox, auth, args.forwardUrl),
      },
    },
  },
  hooks: (ctx) => ({ avsRejectMessage: (guestId) => latestRejectMessage(ctx.db, guestId) }),
  socket: registerStatusBar,
  start: (ctx) => {
    const providers = avsProviders(ctx);
    return ctx.leases.repeat('avs: delivering sandbox callbacks', SANDBOX_TICK_MS, () =>
      deliverDueSandboxCallbacks(ctx, providers),
    );
  },
};
