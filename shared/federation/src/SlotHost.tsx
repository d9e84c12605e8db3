import { useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { PlatformSlots, SlotName, SlotProps } from '@velvet/contracts';
import { PlatformContext } from './context';

/**
 * A place another remote's widget fills: mounts the slot's widget through the platform's slot host, and shows
 * `fallback` when no remote fills the slot or filling it failed (the widget did not load or mount, or the props
 * failed the slot's schema). The widget mounts again when the props' data change.
 */
export function SlotHost<S extends SlotName>({
  slot,
  props,
  fallback,
  onError,
  slots,
  className,
}: {
  slot: S;
  props?: SlotProps<S>;
  fallback: ReactNode;
  /** Told why the slot shows its fallback after trying to fill it. */
  onError?: (error: unknown) => void;
  /** The slot host to use; a remote's platform by default (the shell passes its own). */
  slots?: PlatformSlots;
  className?: string;
}) {
  const platform = useContext(PlatformContext);
  const host = slots ?? platform?.slots;
  if (!host) throw new Error('SlotHost needs a platform or a slot host');
  // Functions (a flow's `close`) do not survive JSON: the latest props are read when the widget mounts.
  const latest = useRef({ props, onError });
  useLayoutEffect(() => {
    latest.current = { props, onError };
  });
  const propsKey = JSON.stringify(props ?? {});
  // A failure holds for this slot and these props; other props try again.
  const attempt = `${slot}\0${propsKey}`;
  const [failed, setFailed] = useState<string | null>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const filled = host.has(slot) && failed !== attempt;
  useEffect(() => {
    if (!filled || !element) return;
    return host.render(slot, element, latest.current.props, {
      onError: (error) => {
        setFailed(attempt);
        latest.current.onError?.(error);
      },
    });
  }, [host, slot, filled, element, attempt]);
  return filled ? <div ref={setElement} data-slot={slot} className={className} /> : <>{fallback}</>;
}
