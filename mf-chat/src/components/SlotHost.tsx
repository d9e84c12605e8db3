import { useEffect, useRef } from 'react';
import type { SlotName } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';

/** Mounts another remote's widget (through the shell) into this place; `fallback` when no remote fills it. */
export function SlotHost({
  slot,
  props,
  fallback,
}: {
  slot: SlotName;
  props: Record<string, string | number>;
  fallback: React.ReactNode;
}) {
  const { slots } = usePlatform();
  const element = useRef<HTMLDivElement>(null);
  const filled = slots.has(slot);
  const propsKey = JSON.stringify(props);
  useEffect(() => {
    if (!filled || !element.current) return;
    return slots.render(slot, element.current, JSON.parse(propsKey) as Record<string, unknown>);
  }, [slots, slot, filled, propsKey]);
  return filled ? <div ref={element} data-slot={slot} /> : <>{fallback}</>;
}
