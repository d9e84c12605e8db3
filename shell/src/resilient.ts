import type { Lifecycles, MountProps } from '@velvet/federation';

export interface ResilientOptions {
  /** Loads the remote's lifecycles; may fail (network, missing chunk, bad entry). */
  load: () => Promise<Lifecycles>;
  /** Shows the fallback in the element; answers a function that removes it. */
  renderFallback: (element: HTMLElement) => () => void;
  /** Delays between load attempts while a mount waits; after the last one it keeps retrying at the last delay. */
  retryDelaysMs?: readonly number[];
  /** `load`: the remote's code did not arrive; `mount`: it arrived and its mount failed. */
  onError?: (error: unknown, phase: 'load' | 'mount') => void;
}

const DEFAULT_DELAYS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * single-spa lifecycles that never fail: the real remote is loaded on mount; if loading or mounting fails the
 * fallback is shown in its place and the load is retried with backoff, mounting the remote once it arrives.
 * Loading is never cached as failed, so a later mount tries again.
 */
export function resilientLifecycles(options: ResilientOptions): Lifecycles {
  const delays = options.retryDelaysMs ?? DEFAULT_DELAYS;
  let loaded: Lifecycles | null = null;
  let bootstrapped = false;
  /** Per mounted element: what to undo on unmount. */
  const mounts = new Map<
    HTMLElement,
    { cancelled: boolean; timer?: ReturnType<typeof setTimeout>; removeFallback?: () => void; mounted: boolean }
  >();

  const realLifecycles = async (props: MountProps) => {
    if (!loaded) loaded = await options.load();
    if (!bootstrapped) {
      await loaded.bootstrap(props);
      bootstrapped = true;
    }
    return loaded;
  };

  const attempt = async (props: MountProps, tries: number): Promise<void> => {
    const state = mounts.get(props.domElement);
    if (!state || state.cancelled) return;
    let phase: 'load' | 'mount' = 'load';
    try {
      const lifecycles = await realLifecycles(props);
      if (state.cancelled) return;
      state.removeFallback?.();
      state.removeFallback = undefined;
      phase = 'mount';
      await lifecycles.mount(props);
      state.mounted = true;
    } catch (error) {
      loaded = null;
      bootstrapped = false;
      options.onError?.(error, phase);
      if (state.cancelled) return;
      state.removeFallback ??= options.renderFallback(props.domElement);
      const delay = delays[Math.min(tries, delays.length - 1)] ?? 30_000;
      state.timer = setTimeout(() => void attempt(props, tries + 1), delay);
    }
  };

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      mounts.set(props.domElement, { cancelled: false, mounted: false });
      await attempt(props, 0);
    },
    unmount: async (props) => {
      const state = mounts.get(props.domElement);
      mounts.delete(props.domElement);
      if (!state) return;
      state.cancelled = true;
      clearTimeout(state.timer);
      state.removeFallback?.();
      if (state.mounted && loaded) await loaded.unmount(props);
    },
  };
}

/**
 * single-spa lifecycles of a remote the shell refused (its platform range does not fit): the fallback stands where
 * it would be, and nothing of it is downloaded.
 */
export function refusedLifecycles(renderFallback: (element: HTMLElement) => () => void): Lifecycles {
  const fallbacks = new Map<HTMLElement, () => void>();
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      fallbacks.set(props.domElement, renderFallback(props.domElement));
    },
    unmount: async (props) => {
      fallbacks.get(props.domElement)?.();
      fallbacks.delete(props.domElement);
    },
  };
}

/** The translated fallback shown where a remote or widget failed, marked for tests and monitoring. */
export function fallbackRenderer(remote: string, message: () => string) {
  return (element: HTMLElement) => {
    const box = element.ownerDocument.createElement('div');
    box.setAttribute('data-remote-fallback', remote);
    box.setAttribute('role', 'alert');
    box.className = 'vv-remote-fallback';
    box.textContent = message();
    element.appendChild(box);
    return () => box.remove();
  };
}
