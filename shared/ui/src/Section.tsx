import type { ReactNode } from 'react';
import { deeper, HeadingLevelContext, useHeadingLevel, type HeadingLevel } from './heading';
import { navigateOnPlainClick, type LinkTarget } from './link';

export interface SectionProps {
  title: ReactNode;
  /** A "show all" link to the block's full page; left out when null (that page is not served). */
  more?: (LinkTarget & { label: string }) | null;
  children: ReactNode;
  /** Heading level; by default the level of its place (2 below the page's h1, one deeper in a Section). */
  level?: HeadingLevel;
}

/** A titled block, e.g. a home-timeline widget or a part of a page; headings inside it are one level deeper. */
export function Section({ title, more, children, level: given }: SectionProps) {
  const placed = useHeadingLevel();
  const level = given ?? placed;
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
      <HeadingLevelContext.Provider value={deeper(level)}>{children}</HeadingLevelContext.Provider>
    </section>
  );
}
