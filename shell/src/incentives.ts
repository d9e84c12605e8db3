import { INCENTIVE_BLOCK_COOKIE, INCENTIVE_BLOCK_DAYS, type Incentive, type IncentiveRegion } from '@velvet/contracts';
import { readCookie } from './consent';

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
