import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

export interface Hydrated {
  /** The server's markup, as it was before hydration. */
  html: string;
  /** The element holding the server's markup, hydrated by the client element. */
  container: HTMLElement;
  root: Root;
  /** What React reported while hydrating: mismatches it recovered from by rendering on the client. */
  recoverableErrors: unknown[];
  /** Every console.error during the server render and the hydration (React reports attribute mismatches there). */
  consoleErrors: unknown[][];
  /** Unmounts the tree and removes its container. */
  unmount(): void;
}

/**
 * Renders `server` to HTML as the server does, then hydrates that markup with `client` in the document, the way
 * the browser boots a server-rendered page, and collects every hydration error. The two elements are meant to be
 * the same component tree with the server's and the browser's stores (e.g. the visitor's session on the server,
 * a logged-in one in the browser). Effects and store updates after hydration have run when it answers.
 */
export async function hydrateOverServer(server: ReactElement, client: ReactElement): Promise<Hydrated> {
  const consoleErrors: unknown[][] = [];
  const recoverableErrors: unknown[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  try {
    const html = renderToString(server);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(container, client, {
        onRecoverableError: (error) => void recoverableErrors.push(error),
      });
    });
    const unmount = () => {
      act(() => root.unmount());
      container.remove();
    };
    return { html, container, root, recoverableErrors, consoleErrors, unmount };
  } finally {
    spy.mockRestore();
  }
}
