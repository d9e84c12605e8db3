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
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LOAD_AHEAD} 0px` },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  useEffect(() => {
    if (!near || !ref.current) return;
    return slots.render(homeSlot(block), ref.current, {}, { onError: () => onFailed(block) });
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
