import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_BLOCKS, homeSlot, type HomeBlock as Block } from '@velvet/contracts';
import { useShell } from './ShellContext';

/** One timeline block: the widget of the remote that fills `home.<Block>`; it leaves the page if it fails. */
function HomeBlock({ block, onFailed }: { block: Block; onFailed: (block: Block) => void }) {
  const { slots } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    return slots.mount(homeSlot(block), ref.current, {}, { onError: () => onFailed(block) });
  }, [slots, block, onFailed]);
  return <section ref={ref} className="vv-home__block" data-home-block={block} />;
}

/** The start page: the spec's timeline blocks in their order, each from whichever remote fills its slot. */
export function Home() {
  const { t } = useTranslation('shell');
  const { slots } = useShell();
  const [failed, setFailed] = useState<ReadonlySet<Block>>(new Set());
  const [onFailed] = useState(() => (block: Block) => setFailed((previous) => new Set(previous).add(block)));
  const blocks = HOME_BLOCKS.filter((block) => slots.slots.has(homeSlot(block)) && !failed.has(block));
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
