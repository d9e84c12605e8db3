import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import webpush from 'web-push';
import {
  DEFAULT_PUSH_EVENTS,
  decodePushSubscription,
  type Language,
  type PushBroadcast,
  type PushDelivery,
  type PushEncoding,
  type PushEvent,
  type PushEvents,
  type PushMessage,
  type PushSubscriptionJson,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { guestIdsFavoringOf } from '../performers/favorites';
import { performerProfilePath } from '../performers/service';
import { webPushKeys, webPushSubscriptions, type WebPushSubscriptionRow } from './schema';
import { pushTexts } from './texts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_ROW = 1;
const keysOf = new WeakMap<Database, VapidKeys>();

/**
 * The server's VAPID keys: the first start stores a new pair, every later one (and a start racing it) reads the
 * stored pair, so subscriptions made against the public key keep working across restarts.
 */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const known = keysOf.get(db);
  if (known) return known;
  await db
    .insert(webPushKeys)
    .values({ id: KEY_ROW, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [row] = await db.select().from(webPushKeys).where(eq(webPushKeys.id, KEY_ROW));
  if (!row) throw new Error('the VAPID key row is missing after it was inserted');
  const keys = { publicKey: row.publicKey, privateKey: row.privateKey };
  keysOf.set(db, keys);
  return keys;
}

/**
 * Whether the server may send to an endpoint: an https URL on one of the configured push service hosts (or a
 * sub-domain of one), or on a configured origin. Anything else would let a guest aim the server's requests at any
 * address, so it is refused at subscribe and never sent to.
 */
export function pushServiceAllowed(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return services.some((service) =>
    service.includes('://')
      ? url.origin === new URL(service).origin
      : url.protocol === 'https:' && (url.hostname === service || url.hostname.endsWith(`.${service}`)),
  );
}

/** The subscriptions one guest keeps: a browser each on their devices. */
export const SUBSCRIPTIONS_PER_GUEST = 10;

const newToken = () => randomBytes(24).toString('base64url');

const eventsOf = (row: WebPushSubscriptionRow): PushEvents => ({
  'actor-online': row.actorOnline,
  campaigns: row.campaigns,
  news: row.news,
});
const eventColumns = (events: Partial<PushEvents>) => ({
  ...(events['actor-online'] === undefined ? {} : { actorOnline: events['actor-online'] }),
  ...(events.campaigns === undefined ? {} : { campaigns: events.campaigns }),
  ...(events.news === undefined ? {} : { news: events.news }),
});

function refuseUnknownService(ctx: ModuleContext, subscription: PushSubscriptionJson): void {
  if (!pushServiceAllowed(subscription.endpoint, ctx.config.webPushServices))
    throw new HttpError(400, 'PUSH_SERVICE_NOT_ALLOWED', 'The subscription names no push service this site uses');
}

/**
 * Keeps a browser's subscription for a guest with the events asked (the others on), replacing what the endpoint
 * held before: a browser is subscribed for the guest who subscribed it last. Each subscribe hands out a new token.
 */
export async function subscribe(
  ctx: ModuleContext,
  guestId: string,
  language: Language,
  input: { subscription: PushSubscriptionJson; events?: Partial<PushEvents> | undefined; encoding: PushEncoding },
) {
  refuseUnknownService(ctx, input.subscription);
  const now = ctx.now();
  const events = eventColumns({ ...DEFAULT_PUSH_EVENTS, ...input.events });
  const values = {
    guestId,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    encoding: input.encoding,
    token: newToken(),
    language,
    ...events,
    updated: now,
  };
  const [row] = await ctx.db
    .insert(webPushSubscriptions)
    .values({ ...values, endpoint: input.subscription.endpoint, created: now })
    .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: values })
    .returning();
  // A guest's browsers and devices, not an open list: past the bound the longest unrenewed ones go.
  await ctx.db
    .delete(webPushSubscriptions)
    .where(
      and(
        eq(webPushSubscriptions.guestId, guestId),
        notInArray(
          webPushSubscriptions.id,
          ctx.db
            .select({ id: webPushSubscriptions.id })
            .from(webPushSubscriptions)
            .where(eq(webPushSubscriptions.guestId, guestId))
            .orderBy(desc(webPushSubscriptions.updated), desc(webPushSubscriptions.id))
            .limit(SUBSCRIPTIONS_PER_GUEST),
        ),
      ),
    );
  return { token: row!.token, subscribed: true, events: eventsOf(row!) };
}

/** The row of a subscription named in a path, if its keys are the stored ones (the browser holding it). */
function heldBy(payload: string): SQL {
  const subscription = decodePushSubscription(payload);
  if (!subscription) throw new HttpError(400, 'VALIDATION_FAILED', 'The path names no push subscription');
  return and(
    eq(webPushSubscriptions.endpoint, subscription.endpoint),
    eq(webPushSubscriptions.auth, subscription.keys.auth),
    eq(webPushSubscriptions.p256dh, subscription.keys.p256dh),
  )!;
}

/** Whether the guest holds this subscription; a call in another language moves its texts to that language. */
export async function status(ctx: ModuleContext, guestId: string, language: Language, payload: string) {
  const [row] = await ctx.db
    .update(webPushSubscriptions)
    .set({ language })
    .where(and(heldBy(payload), eq(webPushSubscriptions.guestId, guestId)))
    .returning();
  return { subscribed: Boolean(row), events: row ? eventsOf(row) : null };
}

export async function update(
  ctx: ModuleContext,
  guestId: string,
  language: Language,
  payload: string,
  events: Partial<PushEvents>,
) {
  const [row] = await ctx.db
    .update(webPushSubscriptions)
    .set({ ...eventColumns(events), language, updated: ctx.now() })
    .where(and(heldBy(payload), eq(webPushSubscriptions.guestId, guestId)))
    .returning();
  return { updated: Boolean(row), events: row ? eventsOf(row) : null };
}

export async function unsubscribe(ctx: ModuleContext, payload: string) {
  const removed = await ctx.db
    .delete(webPushSubscriptions)
    .where(heldBy(payload))
    .returning({ id: webPushSubscriptions.id });
  return { unsubscribed: removed.length > 0 };
}

/**
 * Moves the subscription a token stands for to the browser's renewed one, keeping guest, events and language; a
 * row the new endpoint already had is replaced.
 */
export async function resubscribe(
  ctx: ModuleContext,
  token: string,
  input: { subscription: PushSubscriptionJson; encoding?: PushEncoding | undefined },
) {
  refuseUnknownService(ctx, input.subscription);
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.token, token))
      .for('update');
    if (!old) throw new HttpError(404, 'PUSH_TOKEN_UNKNOWN', 'No subscription has this re-subscribe token');
    await tx
      .delete(webPushSubscriptions)
      .where(
        and(
          eq(webPushSubscriptions.endpoint, input.subscription.endpoint),
          sql`${webPushSubscriptions.id} <> ${old.id}`,
        ),
      );
    const [row] = await tx
      .update(webPushSubscriptions)
      .set({
        endpoint: input.subscription.endpoint,
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        encoding: input.encoding ?? old.encoding,
        updated: ctx.now(),
      })
      .where(eq(webPushSubscriptions.id, old.id))
      .returning();
    return { token: row!.token, subscribed: true, events: eventsOf(row!) };
  });
}

/** How long a push service keeps a message for a browser that is off: a performer on line is news for a while. */
const TTL_SECONDS: Record<PushEvent, number> = { 'actor-online': 15 * 60, campaigns: 24 * 3600, news: 24 * 3600 };
/** A push service that has not answered by then counts as failed for this message. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Requests to push services in flight at once. */
const PARALLEL_SENDS = 16;

/**
 * Sends each subscription its message, encrypted for its keys in its encoding and signed with the VAPID key. A
 * push service answering 404 or 410 no longer knows the subscription: it is deleted.
 */
export async function deliver(
  ctx: ModuleContext,
  rows: readonly WebPushSubscriptionRow[],
  messageFor: (row: WebPushSubscriptionRow) => PushMessage,
): Promise<PushDelivery> {
  const keys = await vapidKeys(ctx.db);
  const outcome: PushDelivery = { sent: 0, removed: 0, failed: 0 };
  const sendOne = async (row: WebPushSubscriptionRow) => {
    if (!pushServiceAllowed(row.endpoint, ctx.config.webPushServices)) {
      outcome.failed++;
      return;
    }
    const message = messageFor(row);
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: ctx.config.webPushSubject, ...keys },
          contentEncoding: row.encoding as PushEncoding,
          TTL: TTL_SECONDS[message.event],
          urgency: message.event === 'actor-online' ? 'high' : 'normal',
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await ctx.db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, row.id));
        outcome.removed++;
      } else if (response.ok) outcome.sent++;
      else {
        outcome.failed++;
        ctx.log.warn({ status: response.status, subscription: row.id }, 'push service refused a message');
      }
    } catch (error) {
      outcome.failed++;
      ctx.log.warn({ err: error, subscription: row.id }, 'push message not delivered');
    }
  };
  for (let start = 0; start < rows.length; start += PARALLEL_SENDS)
    await Promise.all(rows.slice(start, start + PARALLEL_SENDS).map(sendOne));
  return outcome;
}

const languageOf = (row: WebPushSubscriptionRow) => row.language as Language;

/** Tells the guests who favour a performer, on subscriptions with actor-online on, that she came on line. */
export async function pushPerformerOnline(
  ctx: ModuleContext,
  performer: { id: number; name: string },
): Promise<PushDelivery> {
  const rows = await ctx.db
    .select()
    .from(webPushSubscriptions)
    .where(
      and(
        eq(webPushSubscriptions.actorOnline, true),
        inArray(webPushSubscriptions.guestId, guestIdsFavoringOf(performer.id)),
      ),
    );
  return deliver(ctx, rows, (row) => {
    const lng = languageOf(row);
    return {
      event: 'actor-online',
      title: pushTexts.t('actorOnline.title', { lng, name: performer.name }),
      body: pushTexts.t('actorOnline.body', { lng, name: performer.name }),
      url: performerProfilePath(performer.name.toLowerCase(), lng),
      tag: `actor-online-${performer.id}`,
    };
  });
}

/** An operator's campaign or news: to every subscription with that event on, in its language. */
export async function broadcast(ctx: ModuleContext, input: PushBroadcast): Promise<PushDelivery> {
  const column = input.event === 'campaigns' ? webPushSubscriptions.campaigns : webPushSubscriptions.news;
  const rows = await ctx.db.select().from(webPushSubscriptions).where(eq(column, true));
  const tag = `${input.event}-${ctx.now().getTime().toString(36)}`;
  return deliver(ctx, rows, (row) => ({
    event: input.event,
    ...input.texts[languageOf(row)],
    url: input.url,
    tag,
  }));
}
