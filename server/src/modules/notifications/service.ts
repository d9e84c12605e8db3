import { and, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import type { IncomingMessage, Language } from '@velvet/contracts';
import { asLanguage, findGuest } from '../auth/guests';
import { guestIdsFavoringOf } from '../performers/favorites';
import type { ModuleContext } from '../module';
import { notifications, type NotificationRow } from './schema';
import { notificationTexts } from './texts';

/** The kinds of notification the server writes, by their number on the wire. */
export const NOTIFICATION_TYPES = { actorOnline: 1, message: 2, purchase: 3, showStarting: 5 } as const;
export type NotificationKind = keyof typeof NOTIFICATION_TYPES;
const KIND_OF = new Map(Object.entries(NOTIFICATION_TYPES).map(([kind, type]) => [type as number, kind]));

/** Types a guest is never shown: they are kept but neither answered nor pushed. */
export const HIDDEN_NOTIFICATION_TYPES = [6, 7, 13, 14, 15, 22];

/** The navbar and floating notifications show at most the newest five. */
export const NEWEST_NOTIFICATIONS = 5;

type WireNotification = IncomingMessage<'notifications'>['notifications'][number];
type NotificationsMessage = IncomingMessage<'notifications'>;

const visible = (guestId: string): SQL =>
  and(eq(notifications.guestId, guestId), notInArray(notifications.type, HIDDEN_NOTIFICATION_TYPES))!;

function toWire(row: NotificationRow, lng: Language): WireNotification {
  return {
    id: row.id,
    text: notificationTexts.t(KIND_OF.get(row.type) ?? 'message', { lng, ...row.params }),
    unread: row.unread,
    unseen: row.unseen,
    created: row.created.toISOString(),
  };
}

const message = (changes: Partial<Omit<NotificationsMessage, 'type'>>): NotificationsMessage => ({
  type: 'notifications',
  notifications: [],
  removedIds: [],
  markedAsReadIds: [],
  ...changes,
});

/** What writing and pushing a notification needs of the context. */
type NotifyContext = Pick<ModuleContext, 'db' | 'hub' | 'now'>;

/** Pushes rows to the guest's open tabs in her language (nothing to do while she has none open). */
async function pushRows(ctx: NotifyContext, guestId: string, rows: NotificationRow[]): Promise<void> {
  const shown = rows.filter((row) => !HIDDEN_NOTIFICATION_TYPES.includes(row.type));
  if (shown.length === 0 || !(await ctx.hub.isGuestConnectedAnywhere(guestId))) return;
  const lng = asLanguage((await findGuest(ctx.db, guestId)).language);
  ctx.hub.sendToGuest(guestId, message({ notifications: shown.map((row) => toWire(row, lng)) }));
}

/**
 * Writes one notification for a guest and pushes it to her open tabs. `params` fill the text's placeholders; a
 * `context` picks the text's variant (i18next's context: `purchase` with `video` or `album`).
 */
export async function notify(
  ctx: NotifyContext,
  guestId: string,
  kind: NotificationKind,
  params: Record<string, string>,
): Promise<void> {
  const rows = await ctx.db
    .insert(notifications)
    .values({ guestId, type: NOTIFICATION_TYPES[kind], params, created: ctx.now() })
    .returning();
  await pushRows(ctx, guestId, rows);
}

/** A performer came on line: every guest who pinned her gets a notification. */
export async function notifyPerformerOnline(ctx: ModuleContext, performer: { id: number; name: string }) {
  const favouring = await ctx.db.select().from(guestIdsFavoringOf(performer.id).as('favouring'));
  if (favouring.length === 0) return;
  const rows = await ctx.db
    .insert(notifications)
    .values(
      favouring.map(({ id }) => ({
        guestId: id,
        type: NOTIFICATION_TYPES.actorOnline,
        params: { name: performer.name },
        created: ctx.now(),
      })),
    )
    .returning();
  for (const row of rows) await pushRows(ctx, row.guestId, [row]);
}

/** The guest's newest visible notifications (at most NEWEST_NOTIFICATIONS), as one `notifications` message. */
export async function newestNotifications(
  ctx: ModuleContext,
  guestId: string,
  newest: number,
): Promise<NotificationsMessage> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(visible(guestId))
    .orderBy(desc(notifications.created), desc(notifications.id))
    .limit(Math.min(newest, NEWEST_NOTIFICATIONS));
  const lng = asLanguage((await findGuest(ctx.db, guestId)).language);
  return message({ notifications: rows.map((row) => toWire(row, lng)) });
}

/** One of the guest's own notifications, or all of hers without an id: another guest's id matches nothing. */
const owned = (guestId: string, notificationId: string | undefined, pending: SQL): SQL =>
  and(visible(guestId), pending, notificationId === undefined ? undefined : eq(notifications.id, notificationId))!;

/** Marks read; every tab of the guest hears which ones changed. */
export async function markRead(ctx: ModuleContext, guestId: string, notificationId?: string): Promise<void> {
  const changed = await ctx.db
    .update(notifications)
    .set({ unread: false })
    .where(owned(guestId, notificationId, eq(notifications.unread, true)))
    .returning({ id: notifications.id });
  if (changed.length > 0) ctx.hub.sendToGuest(guestId, message({ markedAsReadIds: changed.map((row) => row.id) }));
}

/** Marks seen; every tab of the guest gets the changed notifications. */
export async function markSeen(ctx: ModuleContext, guestId: string, notificationId?: string): Promise<void> {
  const changed = await ctx.db
    .update(notifications)
    .set({ unseen: false })
    .where(owned(guestId, notificationId, eq(notifications.unseen, true)))
    .returning();
  await pushRows(ctx, guestId, changed);
}

export async function removeNotification(ctx: ModuleContext, guestId: string, notificationId: string): Promise<void> {
  const removed = await ctx.db
    .delete(notifications)
    .where(and(visible(guestId), eq(notifications.id, notificationId)))
    .returning({ id: notifications.id });
  if (removed.length > 0) ctx.hub.sendToGuest(guestId, message({ removedIds: removed.map((row) => row.id) }));
}

/** The socket messages of the notification centre, for logged-in guests only. */
export function notificationSocket(ctx: ModuleContext): void {
  const { hub } = ctx;
  const guestOf = (auth: { guestId: string; loggedIn: boolean } | null) => (auth?.loggedIn ? auth.guestId : null);
  hub.on('requestNavbarNotifications', async (request, client) => {
    const guestId = guestOf(client.auth);
    if (guestId) client.send(await newestNotifications(ctx, guestId, request.newest));
  });
  hub.on('markNotificationRead', async (request, client) => {
    const guestId = guestOf(client.auth);
    if (guestId) await markRead(ctx, guestId, request.notificationId);
  });
  hub.on('markNotificationSeen', async (request, client) => {
    const guestId = guestOf(client.auth);
    if (guestId) await markSeen(ctx, guestId, request.notificationId);
  });
  hub.on('removeNotification', async (request, client) => {
    const guestId = guestOf(client.auth);
    if (guestId) await removeNotification(ctx, guestId, request.notificationId);
  });
}
