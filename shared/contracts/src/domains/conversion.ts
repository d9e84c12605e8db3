import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { dbId, dbInt, idParam } from '../input';
import { DECLARED_ROUTES, LANGUAGES } from '../routes';

/**
 * Conversion incentives: offers an operator defines per tenant (a refill coupon, a sign-up nudge when a preview
 * ends) that the site shows in one region of the page when their event happens.
 */
export const INCENTIVE_REGIONS = [
  'exitIntent',
  'exitIntentExtended',
  'exitIntentLogout',
  'overlayFullSize',
  'overlay',
  'sideLeft',
  'sideRight',
  'videoPlayer',
  'inPage',
] as const;
export type IncentiveRegion = (typeof INCENTIVE_REGIONS)[number];

export const INCENTIVE_TYPES = [
  'balanceRefillCoupon',
  'exitIntent',
  'exitIntentExtended',
  'exitIntentLogout',
  'imageAlbumBuy',
  'videoPreviewAvs',
  'videoPreviewBuy',
  'videoPreviewLogin',
  'videoPreviewPayment',
  'videoPreviewSale',
  'videoPreviewSignup',
  'videoPreviewVip',
] as const;
export type IncentiveType = (typeof INCENTIVE_TYPES)[number];

/**
 * What makes an incentive due: a page load (of one route or any), a preview's end, a wish to buy an album, and the
 * events the page reports by name (a login, a logout, a failed payment).
 */
export const INCENTIVE_EVENTS = [
  'pageLoad',
  'videoPreviewEnd',
  'buyImageAlbum',
  'login',
  'logout',
  'signup',
  'paymentFailed',
  'lowBalance',
] as const;
export type IncentiveEvent = (typeof INCENTIVE_EVENTS)[number];
/** The events a page reports through getIncentivesByEvent; the others have routes of their own. */
export const REPORTED_INCENTIVE_EVENTS = ['login', 'logout', 'signup', 'paymentFailed', 'lowBalance'] as const;

/** Who is shown an incentive: visitors who are not logged in (sign-up nudges), logged-in guests, or both. */
export const INCENTIVE_AUDIENCES = ['everyone', 'visitors', 'guests'] as const;

/** A closed incentive's group stays away this long (the browser's block cookie and the server's record). */
export const INCENTIVE_BLOCK_DAYS = 30;
/** The browser's record of closed incentive groups: their names joined by '.', kept INCENTIVE_BLOCK_DAYS. */
export const INCENTIVE_BLOCK_COOKIE = 'velvet.incentives';
/** How long the conversion chat's countdown runs once enabled. */
export const CONVERSION_CHAT_MINUTES = 15;

/**
 * What is left of a conversion chat's countdown at `now`, in milliseconds: 0 once it ended or when none runs. The
 * guest is eligible for the conversion chat while it is above 0; the server and the page's countdown both ask here.
 */
export function conversionChatRemainingMs(endsAt: string | Date | null | undefined, now: Date | number): number {
  if (!endsAt) return 0;
  const ends = new Date(endsAt).getTime();
  if (Number.isNaN(ends)) return 0;
  return Math.max(0, ends - new Date(now).getTime());
}

const groupName = z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes');
const routeName = z
  .string()
  .refine((name) => DECLARED_ROUTES.some((route) => route.name === name), 'must be a route of the site');
/** The page a browser is on: a declared route or a page a team deployed since, which simply has no incentives. */
const pageRouteName = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'a route name');

/** An incentive as a page shows it: its texts in the language of the call. */
export const incentive = z.object({
  id: z.number().int(),
  region: z.enum(INCENTIVE_REGIONS),
  type: z.enum(INCENTIVE_TYPES),
  event: z.enum(INCENTIVE_EVENTS),
  /** Higher first: a region shows its incentive of highest priority. */
  priority: z.number().int(),
  /** When the offer ends (a countdown on it), or null. */
  countdownEnds: z.string().nullable(),
  /** Closing one closes its whole group (one offer in several regions or types). */
  uniqueGroup: z.string(),
  title: z.string(),
  text: z.string(),
  /** The button: its label and the page it opens (null: it opens the coin top-up). */
  action: z.object({ label: z.string(), routeName: z.string().nullable() }),
});
export type Incentive = z.infer<typeof incentive>;
const incentives = z.object({ data: z.object({ incentives: z.array(incentive) }) });

const incentiveText = z.object({
  title: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(300),
  action: z.string().trim().min(1).max(40),
});
/** An incentive as an operator defines it for one tenant. */
export const incentiveDefinition = z.object({
  tenantId: z.string().min(1).max(40),
  region: z.enum(INCENTIVE_REGIONS),
  type: z.enum(INCENTIVE_TYPES),
  event: z.enum(INCENTIVE_EVENTS),
  /** For page loads: the one route it shows on, or null for every page. */
  routeName: routeName.nullable(),
  audience: z.enum(INCENTIVE_AUDIENCES),
  priority: dbInt(0, 1000),
  /** Minutes the offer runs from the moment it is shown first to a guest, or null for no countdown. */
  countdownMinutes: dbInt(1, 60 * 24 * 7).nullable(),
  uniqueGroup: groupName,
  /** The page the button opens, or null for the coin top-up. */
  actionRoute: routeName.nullable(),
  texts: z.object({ de: incentiveText, en: incentiveText, nl: incentiveText, es: incentiveText }),
});
export type IncentiveDefinition = z.infer<typeof incentiveDefinition>;
export const storedIncentive = incentiveDefinition.extend({ id: z.number().int(), createdAt: z.string() });
export type StoredIncentive = z.infer<typeof storedIncentive>;

const language = z.object({ language: z.enum(LANGUAGES).optional() });

export const conversionEndpoints = {
  /** The incentives due when a page of `routeName` loads, for the calling guest or visitor. */
  pageLoad: defineEndpoint({
    method: 'POST',
    path: '/conversion/getPageLoadIncentives',
    schemas: () => ({
      query: language,
      body: z.object({
        routeName: pageRouteName,
        routeArgs: z.record(z.string().max(60), z.string().max(200)).default({}),
      }),
      response: incentives,
    }),
  }),
  byEvent: defineEndpoint({
    method: 'GET',
    path: '/conversion/getIncentivesByEvent',
    schemas: () => ({
      query: language.extend({ event: z.enum(REPORTED_INCENTIVE_EVENTS) }),
      response: incentives,
    }),
  }),
  /** When a video's free preview ends (the path names the video's album). */
  videoPreviewEnd: defineEndpoint({
    method: 'GET',
    path: '/conversion/getVideoPreviewEndIncentives/:albumId',
    schemas: () => ({ params: z.object({ albumId: idParam }), query: language, response: incentives }),
  }),
  /** When a guest wants a picture album she cannot buy yet (the path names the album). */
  buyImageAlbum: defineEndpoint({
    method: 'GET',
    path: '/conversion/getBuyImageAlbumIncentives/:albumId',
    schemas: () => ({ params: z.object({ albumId: idParam }), query: language, response: incentives }),
  }),
  /** Facts about the visitor that choose incentives (the device, where she came from). */
  setGuestInfo: defineEndpoint({
    method: 'POST',
    path: '/conversion/setGuestInfo',
    schemas: () => ({
      body: z.object({
        type: z.enum(['device', 'referrer', 'landingRoute']),
        value: z.string().trim().min(1).max(200),
      }),
      response: z.object({ data: z.object({ success: z.boolean() }) }),
    }),
  }),
  /** The guest hides incentives of one type (the refill window) for `interval` days. */
  setRefillWindowHidden: defineEndpoint({
    method: 'POST',
    path: '/conversion/setRefillWindowHidden',
    schemas: () => ({
      body: z.object({ incentiveType: z.enum(INCENTIVE_TYPES), interval: dbInt(1, 365) }),
      response: z.object({ data: z.object({ success: z.boolean(), hiddenUntil: z.string() }) }),
    }),
  }),
  /** Closing an incentive blocks its group for INCENTIVE_BLOCK_DAYS; `result` says whether its offer was taken. */
  close: defineEndpoint({
    method: 'POST',
    path: '/conversion/closeIncentive',
    schemas: () => ({
      body: z.object({
        result: z.enum(['dismissed', 'accepted']),
        incentive: z.object({ id: dbId }),
      }),
      response: z.object({ data: z.object({ success: z.boolean(), blockedUntil: z.string() }) }),
    }),
  }),
  /** Starts or stops the logged-in guest's conversion chat countdown (eligible while it runs). */
  conversionChat: defineEndpoint({
    method: 'POST',
    path: '/conversionChat',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ action: z.enum(['enable', 'disable']) }),
      response: z.object({ data: z.object({ eligible: z.boolean(), countdownEnds: z.string().nullable() }) }),
    }),
  }),
  operatorList: defineEndpoint({
    method: 'GET',
    path: '/operator/conversion/incentives',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ tenantId: z.string().min(1).max(40) }),
      response: z.object({ data: z.array(storedIncentive) }),
    }),
  }),
  operatorCreate: defineEndpoint({
    method: 'POST',
    path: '/operator/conversion/incentives',
    needsGuest: true,
    schemas: () => ({ body: incentiveDefinition, response: z.object({ data: storedIncentive }) }),
  }),
  operatorDelete: defineEndpoint({
    method: 'DELETE',
    path: '/operator/conversion/incentives/:incentiveId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ incentiveId: idParam }),
      response: z.object({ data: z.object({ deleted: z.boolean() }) }),
    }),
  }),
};

// --- Teasers ---

/**
 * Teasers: boxes an operator places on the pages of one tenant (a route, or every page, optionally only where the
 * route's arguments match, e.g. one performer's profile), in a window of time, ordered by position.
 */
const teaserText = z.object({
  headline: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(300),
  action: z.string().trim().min(1).max(40),
});
const routeArgs = z.record(z.string().max(60), z.string().max(200));
/** A teaser as an operator defines it for one tenant. */
export const teaserDefinition = z
  .object({
    tenantId: z.string().min(1).max(40),
    /** The route it shows on, or null for every page. */
    routeName: routeName.nullable(),
    /** Arguments the route must have for it to show (all of them); empty for any. */
    routeArgs: routeArgs.default({}),
    /** Lower first. */
    position: dbInt(0, 1000),
    /** The page the button opens. */
    actionRoute: routeName,
    startsAt: z.iso.datetime({ offset: true }),
    /** Null: until it is deleted. */
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    texts: z.object({ de: teaserText, en: teaserText, nl: teaserText, es: teaserText }),
  })
  .refine((t) => t.endsAt === null || Date.parse(t.endsAt) > Date.parse(t.startsAt), {
    message: 'endsAt must follow startsAt',
    path: ['endsAt'],
  });
export type TeaserDefinition = z.infer<typeof teaserDefinition>;
export const storedTeaser = z.object({
  id: z.number().int(),
  tenantId: z.string(),
  routeName: z.string().nullable(),
  routeArgs,
  position: z.number().int(),
  actionRoute: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  texts: z.object({ de: teaserText, en: teaserText, nl: teaserText, es: teaserText }),
  createdAt: z.string(),
});
export type StoredTeaser = z.infer<typeof storedTeaser>;
/** A teaser as a page shows it: its texts in the language of the call. */
export const teaser = z.object({
  id: z.number().int(),
  position: z.number().int(),
  headline: z.string(),
  text: z.string(),
  action: z.object({ label: z.string(), routeName: z.string() }),
});
export type Teaser = z.infer<typeof teaser>;

export const teaserEndpoints = {
  /** The teasers of the page `routeName` with `routeArgs` now, for the host's tenant. */
  getTeasers: defineEndpoint({
    method: 'POST',
    path: '/teaser/getTeasers',
    schemas: () => ({
      query: language,
      body: z.object({ routeName: pageRouteName, routeArgs: routeArgs.default({}) }),
      response: z.object({ data: z.object({ teasers: z.array(teaser) }) }),
    }),
  }),
  operatorList: defineEndpoint({
    method: 'GET',
    path: '/operator/teasers',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ tenantId: z.string().min(1).max(40) }),
      response: z.object({ data: z.array(storedTeaser) }),
    }),
  }),
  operatorCreate: defineEndpoint({
    method: 'POST',
    path: '/operator/teasers',
    needsGuest: true,
    schemas: () => ({ body: teaserDefinition, response: z.object({ data: storedTeaser }) }),
  }),
  operatorDelete: defineEndpoint({
    method: 'DELETE',
    path: '/operator/teasers/:teaserId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ teaserId: idParam }),
      response: z.object({ data: z.object({ deleted: z.boolean() }) }),
    }),
  }),
};
