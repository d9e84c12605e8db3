import type { ReactNode } from 'react';
import { navigateOnPlainClick, type LinkTarget } from './link';

/** An inline link, or its text alone when the link is null (its page is not served): nothing leads nowhere. */
export function LinkOrText({
  link,
  className,
  children,
}: {
  link: LinkTarget | null;
  className?: string;
  children: ReactNode;
}) {
  if (!link) return <span className={className}>{children}</span>;
  return (
    <a className={className} href={link.href} onClick={navigateOnPlainClick(link.onNavigate)}>
      {children}
    </a>
  );
}
