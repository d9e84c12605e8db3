import { LinkOrText } from './LinkOrText';
import type { LinkTarget } from './link';

export interface BreadcrumbsItem {
  name: string;
  /** null: its page is not served on this page load; the crumb is its text alone. */
  link: LinkTarget | null;
}

/**
 * Where a page sits in the site: home first, the page itself last (marked current, not a link). The bar keeps one
 * line's height while its trail loads, so the page below it does not move when the trail arrives.
 */
export function Breadcrumbs({ label, items }: { label: string; items: readonly BreadcrumbsItem[] }) {
  return (
    <nav className="vv-breadcrumbs" aria-label={label}>
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={index} aria-current="page">
              {item.name}
            </li>
          ) : (
            <li key={index}>
              <LinkOrText link={item.link}>{item.name}</LinkOrText>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
