import type { RouteArgs, RouteName } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import type { LinkTarget } from '@velvet/ui';

/** A link to a route of the route table: a real href plus in-page navigation on a plain click. */
export function useLink(): (name: RouteName, args?: RouteArgs) => LinkTarget {
  const { router } = usePlatform();
  return (name, args) => ({ href: router.href(name, args), onNavigate: () => router.navigate(name, args) });
}
