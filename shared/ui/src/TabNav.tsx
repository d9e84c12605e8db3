import { navigateOnPlainClick, type LinkTarget } from './link';

export interface TabNavItem extends LinkTarget {
  key: string;
  label: string;
  current: boolean;
}

/** Sub-pages of a page as a row of links; the current one is marked for assistive technology. */
export function TabNav({ label, items }: { label: string; items: TabNavItem[] }) {
  return (
    <nav className="vv-tabs" aria-label={label}>
      <ul>
        {items.map((item) => (
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
