import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { findGuest } from '../auth/guests';
import { changeAddress, emailProperties, endOtherSessions, sendVerification } from './account';

/**
 * The socket's account messages: the guest's address and its verification (asked again, resent, corrected) and
 * the end of the other sessions after a password change in this tab.
 */
export function mailSocket(ctx: ModuleContext): void {
  const { hub } = ctx;

  hub.on('refreshEmailProperties', async (_message, client) => {
    if (!client.auth) return;
    client.send({ type: 'emailProperties', ...(await emailProperties(ctx, client.auth.guestId)), errorCode: null });
  });

  hub.on('sendSignupEmail', async (message, client) => {
    if (!client.auth) return;
    const { guestId } = client.auth;
    let errorCode = null;
    try {
      let guest = await findGuest(ctx.db, guestId);
      const wanted = message.email?.email.trim().toLowerCase();
      if (wanted && wanted !== guest.email) guest = await changeAddress(ctx, guestId, wanted);
      await sendVerification(ctx, guest);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errorCode = error.code;
    }
    client.send({ type: 'emailProperties', ...(await emailProperties(ctx, guestId)), errorCode });
    // A corrected address whose mail was refused has no link on its way.
    await ctx.statusBar.refresh(guestId);
  });

  hub.on('passwordChanged', async (_message, client) => {
    if (!client.auth) return;
    await endOtherSessions(ctx, client.auth.guestId, client.auth.sid);
  });
}
