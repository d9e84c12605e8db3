import { navigateOnPlainClick, type LinkTarget } from './link';

export interface TabNavItem {
  key: string;
  label: string;
  current: boolean;
  /** null: the sub-page is not served on this page load; its tab is left out. */
  link: LinkTarget | null;
}

/** Sub-pages of a page as a row of links; the current one is marked for assistive technology. */
export function TabNav({ label, items }: { label: string; items: TabNavItem[] }) {
  return (
    <nav className="vv-tabs" aria-label={label}>
      <ul>
        {items
          .flatMap(({ link, ...item }) => (link ? [{ ...item, ...link }] : []))
          .map((item) => (
            <li key={item.key}>
              <a
                href={item.href}
                aria-current={item.current ? 'page' : undefined}
                onClick={navigateOnPlainClick(item.onNavigate)}
              >
                {item.label}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}
