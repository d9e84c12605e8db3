import type { ReactNode } from 'react';
import { navigateOnPlainClick, type LinkTarget } from './link';

export interface SectionProps {
  title: ReactNode;
  /** A "show all" link to the block's full page; left out when null (that page is not served). */
  more?: (LinkTarget & { label: string }) | null;
  children: ReactNode;
  /** Heading level; home blocks sit below the page's h1. */
  level?: 1 | 2 | 3;
}

/** A titled block, e.g. a home-timeline widget or a part of a page. */
export function Section({ title, more, children, level = 2 }: SectionProps) {
  const Heading = `h${level}` as const;
  return (
    <section className="vv-section">
      <header className="vv-section__header">
        <Heading className="vv-section__title">{title}</Heading>
        {more ? (
          <a className="vv-section__more" href={more.href} onClick={navigateOnPlainClick(more.onNavigate)}>
            {more.label}
          </a>
        ) : null}
      </header>
      {children}
    </section>
  );
}
