import path from 'node:path';
import { authEndpoints } from '@velvet/contracts';
import { route, HttpError } from '../../http/endpoint';
import type { ServerModule } from '../module';
import { findGuest } from '../guest/service';
import { createAnonymous, issue, login, signup } from './service';

/** Tokens for anonymous visitors and guests: sign up, log in, and who am I. */
export const authModule: ServerModule = {
  name: 'auth',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    route(app, authEndpoints.anonymous, async () => issue(app, ctx.db, await createAnonymous(ctx.db)));

    // Spec 7.1: every call carries the language as a query parameter; a new guest keeps it as preference.
    route(app, authEndpoints.signup, async ({ body, request }) => {
      const { language } = request.query as { language?: string };
      return issue(app, ctx.db, await signup(ctx.db, { ...body, ...(language ? { language } : {}) }));
    });

    route(app, authEndpoints.login, async ({ body }) =>
      issue(app, ctx.db, await login(ctx.db, body.email, body.password)),
    );

    route(app, authEndpoints.me, async ({ auth, request }) => {
      if (request.authError) throw request.authError;
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
      return issue(app, ctx.db, await findGuest(ctx.db, auth.guestId));
    });
  },
};
