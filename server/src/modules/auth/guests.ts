import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { formatBalance, LANGUAGES, type Guest, type Language } from '@velvet/contracts';
import type { Bus } from '../../cluster/bus';
import { GuestMemory } from '../../cluster/guest-memory';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { guests, type GuestRow } from './schema';

/**
 * The read model another module joins on a guest id where one query of its own rows needs what the guest's answer
 * shows: her language and her age-verification status (`ageVerifiedBy`).
 */
export const guestCard = new QueryBuilder()
  .select({ id: guests.id, language: guests.language, avsStatus: guests.avsStatus })
  .from(guests)
  .as('guest_card');

export type { GuestRow };

export const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

export async function findGuest(db: Database, guestId: string): Promise<GuestRow> {
  return existing(await guestRowOf(db, guestId));
}

async function guestRowOf(db: Database, guestId: string): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(guests).where(eq(guests.id, guestId));
  return row;
}

function existing(row: GuestRow | undefined): GuestRow {
  if (!row) throw new HttpError(401, 'TOKEN_INVALID', 'The guest of this token no longer exists');
  return row;
}

/** How long a kept guest row may live at most: bounds what a missed change (a process that died mid-way) leaves stale. */
const KEPT_GUEST_TTL_MS = 1_000;

/** The bus topic on which a process tells the others which guest's row changed. */
export const KEPT_GUEST_CHANGED = 'kept-guest';

/**
 * Guest rows kept in memory for answers that only show them: a logged-in guest's every page reads her row
 * (profile, language, the age gate of each list). A row is forgotten on every process when a change of it ends
 * (`forgetKeptGuest`). Decisions about money or security read `findGuest` (in their transaction) instead.
 */
const keptGuests = new GuestMemory<GuestRow | undefined>(KEPT_GUEST_CHANGED, KEPT_GUEST_TTL_MS);

/** Has every other process forget a guest row this one forgets, and this one forget what theirs do. */
export const shareKeptGuests = (bus: Bus): void => keptGuests.share(bus);

/**
 * Forgets the guest's kept row on every process once the transaction running now has ended (at once outside
 * one): call it with every change of a guest's row.
 */
export const forgetKeptGuest = (guestId: string): void => keptGuests.forget(guestId);

/** The guest's row for an answer that shows it, kept until it changes (a second at most); undefined for none. */
export const keptGuestIfAny = (
  reader: Pick<ModuleContext, 'db' | 'now'>,
  guestId: string,
): Promise<GuestRow | undefined> =>
  keptGuests.read<GuestRow | undefined>(
    reader,
    guestId,
    '',
    () => guestRowOf(reader.db, guestId),
    (row) => row !== undefined,
  );

/** `findGuest` for an answer that shows the row (`keptGuestIfAny`). */
export const keptGuest = async (reader: Pick<ModuleContext, 'db' | 'now'>, guestId: string): Promise<GuestRow> =>
  existing(await keptGuestIfAny(reader, guestId));

/** The contract's guest shape of a row; the balance is the wallet's (none without a wallet module). */
export async function guestView(ctx: Pick<ModuleContext, 'hooks'>, row: GuestRow): Promise<Guest> {
  const language = asLanguage(row.language);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    language,
    flags: {
      loggedIn: !row.anonymous,
      anonymous: row.anonymous,
      locked: row.locked,
      vip: row.vip,
      vxselect: row.vxselect,
      tvSubscriber: row.tvSubscriber,
      formerTvSubscriber: row.formerTvSubscriber,
      payingCustomer: row.payingCustomer,
      avs: row.avsStatus === 'accepted',
      operator: row.operator,
    },
    avsStatus: row.avsStatus as Guest['avsStatus'],
    avsRejectMessage: row.avsStatus === 'rejected' ? ((await ctx.hooks.avsRejectMessage?.(row.id)) ?? null) : null,
    balance: (await ctx.hooks.guestBalance?.(row.id, language)) ?? { amount: 0, formatted: formatBalance(0, language) },
    // Only a logged-in guest can hold a conversion chat.
    conversionChatEnds: row.anonymous ? null : ((await ctx.hooks.conversionChatEnds?.(row.id)) ?? null),
  };
}

/** Sets the flags the subscriptions decide (VIP, TV subscriber and former TV subscriber) on the guest's row. */
export async function setSubscriptionFlags(
  db: Database,
  guestId: string,
  flags: Pick<GuestRow, 'vip' | 'tvSubscriber' | 'formerTvSubscriber'>,
): Promise<void> {
  await db.update(guests).set(flags).where(eq(guests.id, guestId));
  forgetKeptGuest(guestId);
}

/** Whether the caller is a logged-in VIP (VIP videos stream in full for them, the VIP's flatrate). */
export async function isVipGuest(db: Database, auth: { guestId: string; loggedIn: boolean } | null): Promise<boolean> {
  if (!auth?.loggedIn) return false;
  const [row] = await db.select({ vip: guests.vip }).from(guests).where(eq(guests.id, auth.guestId));
  return row?.vip ?? false;
}

/** Whether the guest has a running TV subscription (premium TV plays for them; the subscriptions keep the flag). */
export async function isTvSubscriber(db: Database, guestId: string): Promise<boolean> {
  const [row] = await db.select({ tvSubscriber: guests.tvSubscriber }).from(guests).where(eq(guests.id, guestId));
  return row?.tvSubscriber ?? false;
}
