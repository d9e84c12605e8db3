import { createContext, useContext } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Right below the page's h1 unless a Section says otherwise. */
export const HeadingLevelContext = createContext<HeadingLevel>(2);

/**
 * The level of the next heading at this place of the page: 2 below the page's h1, one deeper inside each
 * Section, so a tile's title never skips a level (headings go down one level at a time, WCAG 1.3.1).
 */
export function useHeadingLevel(): HeadingLevel {
  return useContext(HeadingLevelContext);
}

/** The level below a heading of the given level; h6 is the deepest. */
export const deeper = (level: HeadingLevel): HeadingLevel => Math.min(level + 1, 6) as HeadingLevel;
