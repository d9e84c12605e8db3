import { eq, sql } from 'drizzle-orm';
import { LANGUAGES, guestEndpoints } from '@velvet/contracts';
import { HttpError, route } from '../../http/endpoint';
import type { ServerModule } from '../module';
import { guests, type GuestRow } from '../auth/schema';
import { isUniqueViolation } from '../auth/service';
import { balanceView, forgetBalanceView } from '../wallet/service';
import { asLanguage, findGuest, forgetKeptGuest, keptGuest } from '../auth/guests';

const NAME_MIN_LENGTH = 2;
const NAME_MAX_LENGTH = 40;
const profileConfig = { languages: [...LANGUAGES], nameMinLength: NAME_MIN_LENGTH, nameMaxLength: NAME_MAX_LENGTH };

const profileOf = (row: GuestRow) => ({
  config: profileConfig,
  profile: {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    registeredSince: row.created.toISOString(),
    preferences: {
      language: asLanguage(row.language),
      newsletter: row.newsletter,
      showDataProtection: row.showDataProtection,
    },
  },
});

/** The logged-in guest's own profile, preferences and balance. */
export const guestModule: ServerModule = {
  name: 'guest',
  routes: (ctx) => async (app) => {
    route(app, guestEndpoints.profileGet, async ({ auth }) => profileOf(await keptGuest(ctx, auth.guestId)));

    route(app, guestEndpoints.profileUpdate, async ({ auth, body }) => {
      const { name, preferences } = body.properties;
      const trimmed = name?.trim();
      if (trimmed !== undefined) {
        if (trimmed.length < NAME_MIN_LENGTH)
          throw new HttpError(400, 'VALIDATION_FAILED', 'A name needs at least 2 characters');
        const [taken] = await ctx.db
          .select({ id: guests.id })
          .from(guests)
          .where(sql`lower(${guests.name}) = ${trimmed.toLowerCase()} and ${guests.id} <> ${auth.guestId}`);
        if (taken) throw new HttpError(409, 'NAME_TAKEN', 'This name is already taken');
      }
      const changes = {
        ...(trimmed !== undefined ? { name: trimmed } : {}),
        ...(preferences?.language !== undefined ? { language: preferences.language } : {}),
        ...(preferences?.newsletter !== undefined ? { newsletter: preferences.newsletter } : {}),
        ...(preferences?.showDataProtection !== undefined
          ? { showDataProtection: preferences.showDataProtection }
          : {}),
      };
      try {
        if (Object.keys(changes).length > 0) {
          await ctx.db.update(guests).set(changes).where(eq(guests.id, auth.guestId));
          forgetKeptGuest(auth.guestId);
        }
        // The balance view is formatted in the guest's language.
        if (changes.language !== undefined) forgetBalanceView(auth.guestId);
      } catch (error) {
        // Another guest took the name between the check above and this update.
        if (isUniqueViolation(error, 'guests_name_lower_unique'))
          throw new HttpError(409, 'NAME_TAKEN', 'This name is already taken');
        throw error;
      }
      return profileOf(await findGuest(ctx.db, auth.guestId));
    });

    route(app, guestEndpoints.balance, async ({ auth }) => balanceView(ctx.db, auth.guestId));
  },
  socket: (ctx) => {
    // A logged-in guest learns the balance right after the session starts.
    ctx.hub.onSession(async (client) => {
      if (!client.auth?.loggedIn) return;
      const { balance, balanceFormatted } = await balanceView(ctx.db, client.auth.guestId);
      client.send({ type: 'guestBalance', balance, balanceFormatted });
    });
  },
};
