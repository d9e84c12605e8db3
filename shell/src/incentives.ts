import {
  INCENTIVE_BLOCK_COOKIE,
  INCENTIVE_BLOCK_DAYS,
  conversionEndpoints,
  type Incentive,
  type IncentiveRegion,
  type PlatformIncentives,
  type RemoteIncentiveRequest,
} from '@velvet/contracts';
import type { RestCall } from '@velvet/sdk';
import { readCookie } from './consent';
import type { ShellRouter } from './router';

/** The incentive groups the visitor closed, as this browser remembers them (a dismissal: a necessary cookie). */
export function blockedGroups(cookies: string): Set<string> {
  return new Set((readCookie(cookies, INCENTIVE_BLOCK_COOKIE) ?? '').split('.').filter(Boolean));
}

/** Adds a closed group to the cookie, which then holds for INCENTIVE_BLOCK_DAYS from this close. */
export function blockGroup(document: Pick<Document, 'cookie'>, group: string) {
  const groups = [...blockedGroups(document.cookie), group].filter((name, index, all) => all.indexOf(name) === index);
  document.cookie = `${INCENTIVE_BLOCK_COOKIE}=${groups.join('.')}; path=/; max-age=${INCENTIVE_BLOCK_DAYS * 24 * 3600}; samesite=lax`;
}

/** The regions the shell shows over the page; the others (in a page, in a video player) belong to the remotes. */
export const SHELL_REGIONS = [
  'exitIntent',
  'exitIntentExtended',
  'overlay',
  'overlayFullSize',
  'sideLeft',
  'sideRight',
] as const satisfies readonly IncentiveRegion[];
export type ShellRegion = (typeof SHELL_REGIONS)[number];

/** Each region shows one incentive: the first (highest priority) of a group the browser has not blocked. */
export function incentivesByRegion(incentives: readonly Incentive[], blocked: ReadonlySet<string>) {
  const shown = new Map<ShellRegion, Incentive>();
  for (const incentive of incentives) {
    const region = SHELL_REGIONS.find((name) => name === incentive.region);
    if (region && !blocked.has(incentive.uniqueGroup) && !shown.has(region)) shown.set(region, incentive);
  }
  return shown;
}

/** The last page-load call per REST client: the route and session it asked for, and its answer. */
const lastPageLoad = new WeakMap<RestCall, { key: string; incentives: Promise<readonly Incentive[]> }>();

/**
 * The incentives of the current page's load. The shell's regions and a remote's inPage region ask for the same page
 * as it opens, so one call serves both: its answer stands for that route and session until another route, another
 * session or a close the server took asks again. A failed call is not kept.
 */
export function pageLoadIncentives(
  rest: RestCall,
  route: { name: string; args: object },
  session: string | null,
): Promise<readonly Incentive[]> {
  const routeArgs = routeArgsOf(route.args);
  const key = JSON.stringify([route.name, routeArgs, session]);
  const last = lastPageLoad.get(rest);
  if (last?.key === key) return last.incentives;
  const incentives = rest(conversionEndpoints.pageLoad, { query: {}, body: { routeName: route.name, routeArgs } }).then(
    (answer) => answer.data.incentives,
  );
  lastPageLoad.set(rest, { key, incentives });
  incentives.catch(() => {
    if (lastPageLoad.get(rest)?.incentives === incentives) lastPageLoad.delete(rest);
  });
  return incentives;
}

/**
 * The close flow of every incentive, the shell's and the remotes': the group goes into the block cookie at once,
 * then closeIncentive; true when the server took it (the caller loads the incentives again), false when it did not.
 */
export async function closeIncentive(
  rest: RestCall,
  document: Pick<Document, 'cookie'> | undefined,
  incentive: Incentive,
  result: 'dismissed' | 'accepted',
): Promise<boolean> {
  if (document) blockGroup(document, incentive.uniqueGroup);
  try {
    const answer = await rest(conversionEndpoints.close, { body: { result, incentive: { id: incentive.id } } });
    // What the server took changes the page's incentives: the next load asks again.
    if (answer.data.success) lastPageLoad.delete(rest);
    return answer.data.success;
  } catch {
    return false;
  }
}

/**
 * The platform's incentives for the regions inside a remote's page: `videoPlayer` from a preview's end, `inPage`
 * from the current route's page load, each without the groups the browser closed, and the shell's close flow.
 */
export function createRemoteIncentives(parts: {
  rest: RestCall;
  router: Pick<ShellRouter, 'current'>;
  /** The session's access token, which the shell's own page-load call is made with too. */
  session: () => string | null;
  /** The browser's document (its block cookie); none while the page renders on the server. */
  document: () => Pick<Document, 'cookie'> | undefined;
}): PlatformIncentives {
  const load = async (request: RemoteIncentiveRequest) => {
    try {
      const incentives =
        request.region === 'videoPlayer'
          ? (await parts.rest(conversionEndpoints.videoPreviewEnd, { params: { albumId: request.videoId }, query: {} }))
              .data.incentives
          : await pageLoadIncentives(parts.rest, parts.router.current(), parts.session());
      const blocked = blockedGroups(parts.document()?.cookie ?? '');
      return incentives.filter(
        (incentive) => incentive.region === request.region && !blocked.has(incentive.uniqueGroup),
      );
    } catch {
      return [];
    }
  };
  return {
    load,
    close: async (request, incentive, result) =>
      (await closeIncentive(parts.rest, parts.document(), incentive, result)) ? load(request) : null,
  };
}

/** A route's arguments as the page-load call takes them: texts by name. */
function routeArgsOf(args: object): Record<string, string> {
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, String(value)]));
}
