import path from 'node:path';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { lifecycleEndpoints } from '@velvet/contracts';
import { requireOperator, route } from '../../http/endpoint';
import type { ServerModule } from '../module';
import {
  deleteAccount,
  exportAccount,
  loadDeletedSessions,
  lockGuest,
  preferencesOf,
  replaceAvatar,
  searchGuests,
  unlockGuest,
} from './account';
import { closeNotice, dataProtectionState } from './consent';
import { profilePicture, readProfileUpload } from './picture';
import { SandboxPincallProvider, startVerification, verificationsOf, verifyPin } from './pincall';
import { pincalls, preferences } from './schema';

/**
 * The account's life from the guest's side and an operator's: preferences, the data protection notice, the
 * profile picture, phone verification by pin, locks, and the export and deletion of an account.
 */
export const lifecycleModule: ServerModule = {
  name: 'lifecycle',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  prepare: loadDeletedSessions,
  routes: (ctx) => async (app) => {
    const { db } = ctx;
    const provider = new SandboxPincallProvider();
    await app.register(multipart);

    route(app, lifecycleEndpoints.preferences, async ({ auth }) => ({ data: await preferencesOf(db, auth.guestId) }));
    route(app, lifecycleEndpoints.savePreferences, async ({ auth, body }) => {
      const merged = { ...(await preferencesOf(db, auth.guestId)) };
      for (const [key, value] of Object.entries(body.data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      const data = lifecycleEndpoints.preferences.response.shape.data.parse(merged);
      await db
        .insert(preferences)
        .values({ guestId: auth.guestId, data, updated: ctx.now() })
        .onConflictDoUpdate({ target: preferences.guestId, set: { data, updated: ctx.now() } });
      return { data };
    });

    route(app, lifecycleEndpoints.dataProtection, ({ auth }) => dataProtectionState(db, auth.guestId));
    const close = (kind: 'dataProtection' | 'termsAndDataProtection') =>
      async function ({ auth, body }: { auth: { guestId: string }; body: { accepted: boolean } }) {
        const state = await closeNotice(db, auth.guestId, kind, body.accepted, ctx.now());
        // Every tab of the guest drops the notice once she accepted it.
        if (body.accepted)
          ctx.hub.sendToGuest(auth.guestId, { type: 'dataProtection', show: state.show, version: state.version });
        return state;
      };
    route(app, lifecycleEndpoints.closeDataProtection, close('dataProtection'));
    route(app, lifecycleEndpoints.closeAgbAndDataProtection, close('termsAndDataProtection'));

    route(app, lifecycleEndpoints.profilePicture, async ({ auth, query, request }) => {
      let avatarUrl: string | null = null;
      if (query.delete !== 'true') {
        const { webp, hash } = await profilePicture(await readProfileUpload(request));
        // A new name for every picture: media files are cached for a year.
        avatarUrl = await ctx.images.put(`guests/${auth.guestId}/avatar-${hash}`, webp);
      }
      const before = await replaceAvatar(db, auth.guestId, avatarUrl);
      if (before && before !== avatarUrl) await ctx.images.remove(before);
      ctx.hub.sendToGuest(auth.guestId, { type: 'guestAvatar', avatarUrl });
      return { avatarUrl };
    });

    route(app, lifecycleEndpoints.exportAccount, async ({ auth, reply }) => {
      const now = ctx.now();
      reply.header(
        'content-disposition',
        `attachment; filename="velvet-account-${now.toISOString().slice(0, 10)}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return exportAccount(db, auth.guestId, now);
    });
    route(app, lifecycleEndpoints.deleteAccount, async ({ auth, body }) => {
      await deleteAccount(ctx, auth.guestId, body.password);
      return { deleted: true };
    });

    route(app, lifecycleEndpoints.pincallStart, ({ auth, body }) =>
      startVerification(db, provider, auth.guestId, body, ctx.now()),
    );
    route(app, lifecycleEndpoints.pincallVerify, ({ auth, body }) => verifyPin(db, auth.guestId, body, ctx.now()));
    route(app, lifecycleEndpoints.pincallVerifications, async ({ auth }) => ({
      verifications: await verificationsOf(db, auth.guestId),
    }));
    route(app, lifecycleEndpoints.pincallOutbox, async ({ auth }) => {
      if (auth.operator) return { entries: [...provider.outbox].reverse() };
      const own = new Set(
        (await db.select({ id: pincalls.id }).from(pincalls).where(eq(pincalls.guestId, auth.guestId))).map(
          (row) => row.id,
        ),
      );
      return { entries: provider.outbox.filter((entry) => own.has(entry.verificationId)).reverse() };
    });

    route(app, lifecycleEndpoints.operatorGuests, async ({ auth, query }) => {
      requireOperator(auth);
      return { guests: await searchGuests(db, query.search) };
    });
    route(app, lifecycleEndpoints.lockGuest, async ({ auth, params, body }) => {
      requireOperator(auth);
      return lockGuest(ctx, auth.guestId, params.guestId, body.reason);
    });
    route(app, lifecycleEndpoints.unlockGuest, async ({ auth, params }) => {
      requireOperator(auth);
      return unlockGuest(ctx, auth.guestId, params.guestId);
    });
  },
  socket: (ctx) => {
    // A guest who has not accepted the notice in force learns it as her session starts.
    ctx.hub.onSession(async (client) => {
      if (!client.auth?.loggedIn || client.auth.operator) return;
      const state = await dataProtectionState(ctx.db, client.auth.guestId);
      if (state.show) client.send({ type: 'dataProtection', show: true, version: state.version });
    });
  },
};
