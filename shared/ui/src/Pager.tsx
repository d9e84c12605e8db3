import { Fragment } from 'react';

export interface PagerLabels {
  /** Accessible name of the navigation, e.g. "Pages". */
  navigation: string;
  previous: string;
  next: string;
  /** Accessible name of one page button, e.g. (3) => "Page 3". */
  page: (page: number) => string;
}

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  labels: PagerLabels;
}

/**
 * Pages to show around the current one: always the first and last, the current with its neighbours, and
 * null where pages are left out.
 */
export function visiblePages(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const near = Math.abs(p - page) <= around;
    if (p === 1 || p === pageCount || near) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** Page navigation of a list; renders nothing for a single page. */
export function Pager({ page, pageCount, onChange, labels }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="vv-pager" aria-label={labels.navigation}>
      <ol>
        <li>
          <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
            {labels.previous}
          </button>
        </li>
        {visiblePages(page, pageCount).map((p, index) => (
          <Fragment key={p ?? `gap-${index}`}>
            {p === null ? (
              <li className="vv-pager__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li>
                <button
                  type="button"
                  aria-label={labels.page(p)}
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => p !== page && onChange(p)}
                >
                  {p}
                </button>
              </li>
            )}
          </Fragment>
        ))}
        <li>
          <button type="button" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
            {labels.next}
          </button>
        </li>
      </ol>
    </nav>
  );
}
