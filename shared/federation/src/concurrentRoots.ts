import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';

/**
 * Whether the tree shows the browser's own values yet: false while a root hydrates, true once its hydration has
 * committed, and from the start for a root rendered in the browser (the default, outside any root made here).
 */
const HydratedContext = createContext(true);

/**
 * Hydrates in the server's values, then switches the whole tree to the browser's in a transition. A store value
 * that differs from the server's would otherwise make React render each component that reads it again at once
 * after hydration, synchronously and all in one task.
 */
function Hydrating({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/** Whether the component's root has finished hydrating (true outside a hydrated root). */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * react-dom's roots, rendering in a transition: React then works in slices of a few milliseconds and lets the
 * browser handle input between them, so hydrating or mounting a large part never blocks the page for long (and a
 * click on a part not hydrated yet hydrates that part first). Hydration without a transition is one blocking task.
 */
export const concurrentRoots: typeof ReactDOMClient = {
  ...ReactDOMClient,
  hydrateRoot(container, children, options) {
    let root: ReactDOMClient.Root | undefined;
    startTransition(() => {
      root = ReactDOMClient.hydrateRoot(container, createElement(Hydrating, null, children), options);
    });
    // Later renders keep the same wrapper, so the tree under it (and its switch to the browser's values) stays.
    const render = root!.render.bind(root);
    root!.render = (next: ReactNode) => render(createElement(Hydrating, null, next));
    return root!;
  },
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    const render = root.render.bind(root);
    root.render = (children: ReactNode) => startTransition(() => render(children));
    return root;
  },
};
