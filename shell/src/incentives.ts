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
  /** The browser's document (its block cookie); none while the page renders on the server. */
  document: () => Pick<Document, 'cookie'> | undefined;
}): PlatformIncentives {
  const load = async (request: RemoteIncentiveRequest) => {
    try {
      const answer =
        request.region === 'videoPlayer'
          ? await parts.rest(conversionEndpoints.videoPreviewEnd, { params: { albumId: request.videoId }, query: {} })
          : await parts.rest(conversionEndpoints.pageLoad, {
              query: {},
              body: { routeName: parts.router.current().name, routeArgs: routeArgsOf(parts.router.current().args) },
            });
      const blocked = blockedGroups(parts.document()?.cookie ?? '');
      return answer.data.incentives.filter(
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
