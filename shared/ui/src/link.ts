import type { MouseEvent } from 'react';

/**
 * A link that keeps a real href (open in new tab, crawlers, no broken links) and lets the host route
 * in-page on a plain left click instead of reloading the document.
 */
export interface LinkTarget {
  href: string;
  onNavigate?: () => void;
}

export function navigateOnPlainClick(onNavigate: (() => void) | undefined) {
  if (!onNavigate) return undefined;
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    onNavigate();
  };
}
