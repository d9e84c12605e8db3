import type { LinkTarget } from '@velvet/ui';
import type { PlatformRouter, RouteArgsOf, RouteName } from '@velvet/contracts';

/**
 * The link to a route, or null when the route is not served on this page load (its remote is off for the tenant or
 * refused): components given null render the text without a link, so no link leads to a missing page.
 */
export function routeLink<N extends RouteName>(
  router: PlatformRouter,
  name: N,
  args?: RouteArgsOf<N>,
): LinkTarget | null {
  if (!router.has(name)) return null;
  return { href: router.href(name, args), onNavigate: () => router.navigate(name, args) };
}
