import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_BLOCKS, homeSlot, type HomeBlock as Block } from '@velvet/contracts';
import { useBrowserStore } from '@velvet/federation';
import { useShell } from './ShellContext';

/** How far below the screen a block starts loading once the visitor scrolls, so she rarely finds one still empty. */
const LOAD_AHEAD = '600px';

const onScroll = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};
const scrolledDown = () => window.scrollY > 0;

/**
 * One timeline block: the widget of the remote that fills `home.<Block>`, loaded when the block comes on the
 * screen, or near it once the visitor scrolls, so a first visit loads only the remotes it shows; it leaves the
 * page if it fails. Until its widget renders, the block keeps a placeholder's height (styles.css). A block the
 * server rendered shows its HTML (links work through the layout's) and is hydrated by the same rule, or as soon as
 * the keyboard's focus enters it.
 */
function HomeBlock({
  block,
  lookAhead,
  onFailed,
}: {
  block: Block;
  lookAhead: boolean;
  onFailed: (block: Block) => void;
}) {
  const { slots, prerendered } = useShell();
  const html = prerendered.get(homeSlot(block));
  const ref = useRef<HTMLDivElement>(null);
  // Not near until the browser says so: the server and the hydrating render agree.
  const [near, setNear] = useState(false);
  // Where nothing can tell nearness (no IntersectionObserver), every block loads at once.
  const load = near || typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    if (load || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${lookAhead ? LOAD_AHEAD : '0px'} 0px` },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [load, lookAhead]);
  useEffect(() => {
    const section = ref.current;
    if (!load || !section) return;
    // The widget's element is not React's (the section's content is the server's HTML or nothing): the server
    // rendered it, or it is made here.
    let element = section.firstElementChild as HTMLElement | null;
    if (!element) {
      element = section.ownerDocument.createElement('div');
      section.appendChild(element);
    }
    return slots.render(homeSlot(block), element, {}, { onError: () => onFailed(block) });
  }, [load, slots, block, onFailed]);
  // The block's content is the widget's, never React's (see the outlet): the server's HTML, then the parcel.
  return (
    <section
      ref={ref}
      className="vv-home__block"
      data-home-block={block}
      aria-busy={near || html !== undefined ? undefined : true}
      onFocus={html === undefined ? undefined : () => setNear(true)}
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
      suppressHydrationWarning
    />
  );
}

/** The start page: the spec's timeline blocks in their order, each from whichever remote fills its slot. */
export function Home() {
  const { t } = useTranslation('shell');
  const { slots } = useShell();
  // Until the visitor scrolls, only the blocks on the screen load, so the first screen's bytes and CPU go to what
  // she sees; once she scrolls, blocks load ahead of her.
  const lookAhead = useBrowserStore(onScroll, scrolledDown, false);
  const [failed, setFailed] = useState<ReadonlySet<Block>>(new Set());
  const [onFailed] = useState(() => (block: Block) => setFailed((previous) => new Set(previous).add(block)));
  const blocks = HOME_BLOCKS.filter((block) => slots.has(homeSlot(block)) && !failed.has(block));
  return (
    <div className="vv-home" data-testid="home">
      <h1 className="vv-visually-hidden">{t('home.title')}</h1>
      {blocks.map((block) => (
        <HomeBlock key={block} block={block} lookAhead={lookAhead} onFailed={onFailed} />
      ))}
      {blocks.length === 0 && <p className="vv-home__empty">{t('home.empty')}</p>}
    </div>
  );
}
