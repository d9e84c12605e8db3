import type { ReactNode } from 'react';
import type { RouteArgs, RouteName } from '@velvet/contracts';
import { navigateOnPlainClick } from '@velvet/ui';
import { useLink } from './links';

/** An anchor to a route of the route table. */
export function RouteLink({
  to,
  args,
  children,
  className,
}: {
  to: RouteName;
  args?: RouteArgs;
  children: ReactNode;
  className?: string;
}) {
  const { href, onNavigate } = useLink()(to, args);
  return (
    <a href={href} onClick={navigateOnPlainClick(onNavigate)} className={className}>
      {children}
    </a>
  );
}
