import './tokens.css';
import './components.css';

export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps, type ButtonVariant } from './Button';
export { Tile, TilePlaceholder, type TileProps, type TileImage, type TilePlaceholderProps } from './Tile';
export { TileGrid, TILE_GRID_COLUMNS, tileGridColumns, type TileGridProps } from './TileGrid';
export { Pager, visiblePages, type PagerProps, type PagerLabels } from './Pager';
export { Modal, type ModalProps } from './Modal';
export {
  Spinner,
  ProgressBar,
  EmptyState,
  ErrorState,
  LoginPrompt,
  type ProgressBarProps,
  type EmptyStateProps,
  type ErrorStateProps,
  type LoginPromptProps,
} from './feedback';
export { OnlineBadge, type OnlineBadgeProps } from './OnlineBadge';
export { Price, type PriceProps } from './Price';
export { Section, type SectionProps } from './Section';
export { TabNav, type TabNavItem } from './TabNav';
export { navigateOnPlainClick, type LinkTarget } from './link';
export { LinkOrText } from './LinkOrText';
export { Breadcrumbs, type BreadcrumbsItem } from './Breadcrumbs';
export { applyTheme, themeCss, themeProperties } from './theme';
export { useAction, type Action } from './useAction';
