import path from 'node:path';
import type { ServerModule } from '../module';
import { findGuest } from '../auth/guests';
import { sendVerification } from './account';
import { DELIVERY_INTERVAL_MS, mailerOf, PRUNE_INTERVAL_MS, pruneMail } from './outbox';
import { mailRoutes } from './routes';
import { mailOneClickUnsubscribe } from './one-click';
import { mailSocket } from './socket';
import { registerMailStatusBar } from './status-bar';

/**
 * Mail: the outbox every mail is written to and sent from (SMTP when SMTP_URL is set, else kept for the
 * operator console), the account's mails (address verification, password reset, password change) and the
 * newsletters with double opt-in.
 */
export const mailModule: ServerModule = {
  name: 'mail',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  hooks: (ctx) => ({
    guestSignedUp: async (guestId) => sendVerification(ctx, await findGuest(ctx.db, guestId), { limited: false }),
  }),
  routes: mailRoutes,
  rootRoutes: mailOneClickUnsubscribe,
  socket: (ctx) => {
    mailSocket(ctx);
    registerMailStatusBar(ctx);
  },
  start: (ctx) => {
    const mailer = mailerOf(ctx);
    // Mails left queued by a failed attempt or an earlier run of the server (a new mail is sent at once anyway).
    const stops = [
      ctx.leases.repeat('mail: delivering due mails', DELIVERY_INTERVAL_MS, () => {
        mailer.kick();
        return mailer.idle();
      }),
      ctx.leases.repeat('mail: pruning', PRUNE_INTERVAL_MS, () => pruneMail(ctx.db, ctx.now())),
    ];
    return () => {
      stops.forEach((stop) => stop());
      mailer.close();
    };
  },
};
