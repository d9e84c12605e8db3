import type { ReactNode } from 'react';
import { useHeadingLevel } from './heading';
import { navigateOnPlainClick, type LinkTarget } from './link';

export interface TileImage {
  src: string;
  /** Intrinsic size: reserves the space before the lazy image arrives (no layout shift). */
  width: number;
  height: number;
  alt: string;
}

export interface TileProps {
  /** null: the tile's page is not served (its remote is off), the tile shows without a link. */
  link: LinkTarget | null;
  image: TileImage;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Overlaid on the image's top left, e.g. an OnlineBadge. */
  badges?: ReactNode;
  /** Below the text, outside the link, e.g. a chat button. */
  footer?: ReactNode;
  /** Extra attributes for tests and styling hooks. */
  dataAttributes?: Record<`data-${string}`, string>;
}

function TileLink({ link, children }: { link: LinkTarget | null; children: ReactNode }) {
  if (!link) return <div className="vv-tile__link">{children}</div>;
  return (
    <a className="vv-tile__link" href={link.href} onClick={navigateOnPlainClick(link.onNavigate)}>
      {children}
    </a>
  );
}

/** A card of a grid: a lazy image with its size, a title and optional badges and actions. */
export function Tile({ link, image, title, subtitle, badges, footer, dataAttributes }: TileProps) {
  const Heading = `h${useHeadingLevel()}` as const;
  return (
    <article className="vv-tile" {...dataAttributes}>
      <TileLink link={link}>
        <img
          className="vv-tile__image"
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading="lazy"
          decoding="async"
        />
        <div className="vv-tile__body">
          <Heading className="vv-tile__title">{title}</Heading>
          {subtitle ? <p className="vv-tile__subtitle">{subtitle}</p> : null}
        </div>
      </TileLink>
      {badges ? <div className="vv-tile__badges">{badges}</div> : null}
      {footer ? <div className="vv-tile__footer">{footer}</div> : null}
    </article>
  );
}

export interface TilePlaceholderProps {
  /** The intrinsic size of the image the real tile will show (only its ratio counts). */
  image: Pick<TileImage, 'width' | 'height'>;
  subtitle?: boolean;
  /** Whether the real tile has a footer with a button. */
  footer?: boolean;
}

/**
 * A tile's empty shape while its data loads: the same boxes as Tile (image ratio, text lines, button), so the
 * page does not move when the real tiles replace it.
 */
export function TilePlaceholder({ image, subtitle = false, footer = false }: TilePlaceholderProps) {
  // An empty image of the real one's ratio (its viewBox): the box is sized as the image will be, with no style
  // attribute, which the page's Content-Security-Policy refuses in server-rendered HTML.
  return (
    <div className="vv-tile vv-tile--placeholder" aria-hidden="true">
      <svg className="vv-tile__image" viewBox={`0 0 ${image.width} ${image.height}`} />
      <div className="vv-tile__body">
        <p className="vv-tile__title">{'\u00a0'}</p>
        {subtitle ? <p className="vv-tile__subtitle">{'\u00a0'}</p> : null}
      </div>
      {footer ? (
        <div className="vv-tile__footer">
          <span className="vv-button">{'\u00a0'}</span>
        </div>
      ) : null}
    </div>
  );
}
