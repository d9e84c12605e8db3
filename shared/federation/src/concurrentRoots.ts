import { startTransition, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';

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
      root = ReactDOMClient.hydrateRoot(container, children, options);
    });
    return root!;
  },
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    const render = root.render.bind(root);
    root.render = (children: ReactNode) => startTransition(() => render(children));
    return root;
  },
};
