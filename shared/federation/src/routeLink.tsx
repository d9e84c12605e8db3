import { useCallback, type ReactNode } from 'react';
import { ButtonLink, LinkOrText, type ButtonLinkProps, type LinkTarget } from '@velvet/ui';
import type { PlatformRouter, RouteArgsOf, RouteName } from '@velvet/contracts';
import { usePlatform } from './context';

/**
 * The link to a route, or null when the route is not served on this page load (its remote is off for the tenant or
 * refused): components given null render the text without a link, so no link leads to a missing page. Every link
 * into the route table goes through here.
 */
export function routeLink<N extends RouteName>(
  router: PlatformRouter,
  name: N,
  args?: RouteArgsOf<N>,
): LinkTarget | null {
  if (!router.has(name)) return null;
  return { href: router.href(name, args), onNavigate: () => router.navigate(name, args) };
}

/** `routeLink` with the mounted remote's router. */
export function useRouteLink(): <N extends RouteName>(name: N, args?: RouteArgsOf<N>) => LinkTarget | null {
  const { router } = usePlatform();
  return useCallback((name, args) => routeLink(router, name, args), [router]);
}

/** An inline link to a route; its text alone when the route is not served. */
export function RouteLink<N extends RouteName>({
  to,
  args,
  className,
  children,
}: {
  to: N;
  args?: RouteArgsOf<N>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <LinkOrText link={routeLink(usePlatform().router, to, args)} className={className}>
      {children}
    </LinkOrText>
  );
}

/** A button-like link to a route; left out when the route is not served. */
export function RouteButton<N extends RouteName>({
  to,
  args,
  ...button
}: Omit<ButtonLinkProps, 'href' | 'onNavigate'> & { to: N; args?: RouteArgsOf<N> }) {
  const link = routeLink(usePlatform().router, to, args);
  return link ? <ButtonLink {...button} {...link} /> : null;
}
