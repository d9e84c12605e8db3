import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { and, asc, desc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import type { AccountExport, OperatorGuest, PreferencesData } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { authSessions, guests } from '../auth/schema';
import { mediaLibrary, pinnedPictures } from '../media/schema';
import { channels, messages } from '../messenger/schema';
import { favoriteActors } from '../performers/schema';
import { walletAccounts, walletEntries, walletTransfers } from '../wallet/schema';
import { forgetBalanceView } from '../wallet/service';
import { consents, deletedSessions, locks, pincalls, preferences } from './schema';
import { forgetKeptGuest } from '../auth/guests';

async function guestRow(db: Database, guestId: string) {
  const [row] = await db.select().from(guests).where(eq(guests.id, guestId));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such guest');
  return row;
}

/** When the guest signed up (or first came, for an anonymous visitor). */
export const guestCreated = async (db: Database, guestId: string): Promise<Date> =>
  (await guestRow(db, guestId)).created;

export async function preferencesOf(db: Database, guestId: string): Promise<PreferencesData> {
  const [row] = await db.select({ data: preferences.data }).from(preferences).where(eq(preferences.guestId, guestId));
  return row?.data ?? {};
}

/** Sets an avatar URL and answers the one it replaced (whose file the caller removes). */
export async function replaceAvatar(db: Database, guestId: string, avatarUrl: string | null): Promise<string | null> {
  const before = (await guestRow(db, guestId)).avatarUrl;
  await db.update(guests).set({ avatarUrl }).where(eq(guests.id, guestId));
  forgetKeptGuest(guestId);
  return before;
}

/** Locks a guest with a reason: the guest is told, then every session of hers ends (sockets included). */
export async function lockGuest(ctx: ModuleContext, operatorId: string, guestId: string, reason: string) {
  const target = await guestRow(ctx.db, guestId);
  if (target.operator) throw new HttpError(403, 'FORBIDDEN', 'Operators cannot be locked here');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(guests).set({ locked: true }).where(eq(guests.id, guestId));
    forgetKeptGuest(guestId);
    // A guest locked again keeps one open lock: its reason is the newest.
    const [open] = await tx
      .update(locks)
      .set({ reason, lockedBy: operatorId, lockedAt: now })
      .where(and(eq(locks.guestId, guestId), isNull(locks.unlockedAt)))
      .returning({ id: locks.id });
    if (!open) await tx.insert(locks).values({ guestId, reason, lockedBy: operatorId, lockedAt: now });
  });
  ctx.hub.sendToGuest(guestId, { type: 'guestLocked', reason });
  const sessionsEnded = await ctx.sessions.endAllOf(guestId, now);
  ctx.hub.endSessions(guestId);
  return { guestId, locked: true, sessionsEnded };
}

export async function unlockGuest(ctx: ModuleContext, operatorId: string, guestId: string) {
  await guestRow(ctx.db, guestId);
  await ctx.db.transaction(async (tx) => {
    await tx.update(guests).set({ locked: false }).where(eq(guests.id, guestId));
    forgetKeptGuest(guestId);
    await tx
      .update(locks)
      .set({ unlockedBy: operatorId, unlockedAt: ctx.now() })
      .where(and(eq(locks.guestId, guestId), isNull(locks.unlockedAt)));
  });
  return { guestId, locked: false };
}

/** Guests whose name or email holds the search text (operators find whom to lock), newest first. */
export async function searchGuests(db: Database, search: string): Promise<OperatorGuest[]> {
  const pattern = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: guests.id,
      name: guests.name,
      email: guests.email,
      locked: guests.locked,
      lockReason: locks.reason,
      lockedAt: locks.lockedAt,
    })
    .from(guests)
    .leftJoin(locks, and(eq(locks.guestId, guests.id), isNull(locks.unlockedAt)))
    .where(and(eq(guests.anonymous, false), or(ilike(guests.name, pattern), ilike(guests.email, pattern))))
    .orderBy(desc(guests.created))
    .limit(50);
  return rows.map((row) => ({ ...row, lockedAt: row.lockedAt?.toISOString() ?? null }));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Everything kept about the guest (GDPR art. 15 and 20): her rows of every module, as plain JSON. */
export async function exportAccount(db: Database, guestId: string, now: Date): Promise<AccountExport> {
  const row = await guestRow(db, guestId);
  const [prefs, consentRows, phoneRows, purchaseRows, performerRows, pictureRows, messageRows, ledgerRows] =
    await Promise.all([
      preferencesOf(db, guestId),
      db.select().from(consents).where(eq(consents.guestId, guestId)).orderBy(asc(consents.acceptedAt)),
      db.select().from(pincalls).where(eq(pincalls.guestId, guestId)).orderBy(asc(pincalls.created)),
      db
        .select()
        .from(mediaLibrary)
        .where(and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary.source, 'PURCHASED')))
        .orderBy(asc(mediaLibrary.addedAt)),
      db.select().from(favoriteActors).where(eq(favoriteActors.guestId, guestId)).orderBy(asc(favoriteActors.created)),
      db.select().from(pinnedPictures).where(eq(pinnedPictures.guestId, guestId)).orderBy(asc(pinnedPictures.pinnedAt)),
      db
        .select({
          actorId: channels.actorId,
          senderType: messages.senderType,
          messageType: messages.messageType,
          text: messages.text,
          created: messages.created,
        })
        .from(messages)
        .innerJoin(channels, eq(channels.id, messages.channelId))
        .where(eq(channels.guestId, guestId))
        .orderBy(asc(messages.id)),
      db
        .select({
          transferId: walletTransfers.id,
          reason: walletTransfers.reason,
          amountHundredths: walletEntries.amount,
          created: walletTransfers.created,
        })
        .from(walletEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
        .innerJoin(walletTransfers, eq(walletTransfers.id, walletEntries.transferId))
        .where(and(eq(walletAccounts.kind, 'guest'), eq(walletAccounts.ownerId, guestId)))
        .orderBy(asc(walletEntries.id)),
    ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: row.id,
      name: row.name,
      email: row.email,
      language: row.language,
      avatarUrl: row.avatarUrl,
      newsletter: row.newsletter,
      vip: row.vip,
      avsStatus: row.avsStatus,
      locked: row.locked,
      registeredSince: row.created.toISOString(),
    },
    preferences: prefs,
    consents: consentRows.map((c) => ({ kind: c.kind, version: c.version, acceptedAt: c.acceptedAt.toISOString() })),
    phoneVerifications: phoneRows.map((p) => ({
      phone: `+${p.phone}`,
      type: p.type,
      verified: p.verified,
      created: p.created.toISOString(),
    })),
    purchases: purchaseRows.map((p) => ({
      mediaType: p.mediaType,
      videoId: p.videoId,
      albumId: p.albumId,
      origin: p.origin,
      addedAt: p.addedAt.toISOString(),
    })),
    favourites: {
      performers: performerRows.map((f) => ({ actorId: f.actorId, created: f.created.toISOString() })),
      pictures: pictureRows.map((p) => ({ pictureId: p.pictureId, pinnedAt: p.pinnedAt.toISOString() })),
    },
    messages: messageRows.map((m) => ({ ...m, created: m.created.toISOString() })),
    ledger: ledgerRows.map((l) => ({ ...l, created: iso(l.created) })),
  };
}

/**
 * Deletes the guest's account once her password matches. Her sessions end and stay refused, her rows in every
 * module go with her guest row (their foreign keys cascade), and her wallet account is detached from her: its
 * entries stay, so every transfer still sums to zero, but its owner becomes a random id that names no one.
 */
export async function deleteAccount(ctx: ModuleContext, guestId: string, password: string): Promise<void> {
  const row = await guestRow(ctx.db, guestId);
  if (row.operator) throw new HttpError(403, 'FORBIDDEN', 'The operator account cannot be deleted');
  const matches = row.passwordHash ? await argon2.verify(row.passwordHash, password).catch(() => false) : false;
  if (!matches) throw new HttpError(403, 'INVALID_CREDENTIALS', 'The password is wrong');
  const now = ctx.now();
  await ctx.sessions.endAllOf(guestId, now);
  await ctx.db.transaction(async (tx) => {
    const open = await tx
      .select({ sid: authSessions.id, expires: authSessions.expires })
      .from(authSessions)
      .where(and(eq(authSessions.guestId, guestId), gt(authSessions.expires, now)));
    if (open.length) await tx.insert(deletedSessions).values(open).onConflictDoNothing();
    await tx
      .update(walletAccounts)
      .set({ ownerId: `deleted-${randomUUID()}` })
      .where(and(eq(walletAccounts.kind, 'guest'), eq(walletAccounts.ownerId, guestId)));
    await tx.delete(guests).where(eq(guests.id, guestId));
    forgetKeptGuest(guestId);
  });
  forgetBalanceView(guestId);
  if (row.avatarUrl) await ctx.images.remove(row.avatarUrl);
  ctx.hub.endSessions(guestId);
}

/** At start: the sessions of deleted accounts that have not expired stay refused. */
export async function loadDeletedSessions(ctx: ModuleContext): Promise<void> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ id: deletedSessions.sid, expires: deletedSessions.expires })
    .from(deletedSessions)
    .where(gt(deletedSessions.expires, now));
  ctx.sessions.remember(rows, now);
}
