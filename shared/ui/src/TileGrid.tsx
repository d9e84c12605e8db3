import { Children, isValidElement, type ReactNode } from 'react';

/**
 * Columns of the tile grid by viewport width: 5 up to 1199 px, 4 at 991 px, 3 at 767 px.
 * components.css holds the matching media queries; a test keeps the two in step.
 */
export const TILE_GRID_COLUMNS = [
  { maxWidth: 1199, columns: 5 },
  { maxWidth: 991, columns: 4 },
  { maxWidth: 767, columns: 3 },
] as const;

/** Columns at a viewport width (wider than 1199 px keeps 5). */
export function tileGridColumns(viewportWidth: number): number {
  let columns: number = TILE_GRID_COLUMNS[0].columns;
  for (const step of TILE_GRID_COLUMNS) if (viewportWidth <= step.maxWidth) columns = step.columns;
  return columns;
}

export interface TileGridProps {
  /** Accessible name of the list, e.g. "Free chat performers". */
  label: string;
  children: ReactNode;
  busy?: boolean;
}

/** A responsive list of tiles; each child becomes one list item (keys are kept). */
export function TileGrid({ label, children, busy = false }: TileGridProps) {
  return (
    <ul className="vv-tile-grid" aria-label={label} aria-busy={busy || undefined}>
      {Children.map(children, (child) =>
        isValidElement(child) ? <li key={child.key ?? undefined}>{child}</li> : null,
      )}
    </ul>
  );
}
