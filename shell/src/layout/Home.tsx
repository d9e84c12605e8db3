import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_BLOCKS, homeSlot, type HomeBlock as Block } from '@velvet/contracts';
import { useShell } from './ShellContext';

/** How far below the screen a block starts loading, so a visitor scrolling down rarely finds one still empty. */
const LOAD_AHEAD = '600px';

/**
 * One timeline block: the widget of the remote that fills `home.<Block>`, loaded when the block comes near the
 * screen (the first screen's blocks at once), so a first visit loads only the remotes it shows; it leaves the
 * page if it fails. Until its widget renders, the block keeps a placeholder's height (styles.css).
 */
function HomeBlock({ block, onFailed }: { block: Block; onFailed: (block: Block) => void }) {
  const { slots } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  // Far on the server and in hydration alike (the same markup); where there is no IntersectionObserver to tell, the
  // widget loads at once.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (near || typeof IntersectionObserver === 'undefined')
      return slots.render(homeSlot(block), element, {}, { onError: () => onFailed(block) });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, slots, block, onFailed]);
  return <section ref={ref} className="vv-home__block" data-home-block={block} aria-busy={near ? undefined : true} />;
}

/** The start page: the spec's timeline blocks in their order, each from whichever remote fills its slot. */
export function Home() {
  const { t } = useTranslation('shell');
  const { slots } = useShell();
  const [failed, setFailed] = useState<ReadonlySet<Block>>(new Set());
  const [onFailed] = useState(() => (block: Block) => setFailed((previous) => new Set(previous).add(block)));
  const blocks = HOME_BLOCKS.filter((block) => slots.has(homeSlot(block)) && !failed.has(block));
  return (
    <div className="vv-home" data-testid="home">
      <h1 className="vv-visually-hidden">{t('home.title')}</h1>
      {blocks.map((block) => (
        <HomeBlock key={block} block={block} onFailed={onFailed} />
      ))}
      {blocks.length === 0 && <p className="vv-home__empty">{t('home.empty')}</p>}
    </div>
  );
}
