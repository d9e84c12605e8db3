import { act, screen, waitFor } from '@testing-library/react';
import { defineWidgets } from '@velvet/federation';
import { loaderOf } from '@velvet/testing';
import { manifestRemote, renderInShell } from '../testShell';
import { Home } from './Home';

const locales = loaderOf({ de: {}, en: {}, nl: {}, es: {} });

describe('Home', () => {
  it('renders the timeline blocks in spec order and leaves out a block whose remote fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the crashing widget reports itself
    const chat = manifestRemote('mf-chat', ['home.TOP', 'home.CAMSHOWS']);
    const tv = manifestRemote('mf-tv', ['home.TV']);
    const media = manifestRemote('mf-media', ['home.Trends']);
    const chatWidgets = defineWidgets({
      name: 'mf-chat',
      widgets: {
        'home.TOP': async () => () => <p>Top performers</p>,
        'home.CAMSHOWS': async () => () => <p>Cam shows today</p>,
      },
      locales,
    });
    const tvWidgets = defineWidgets({
      name: 'mf-tv',
      widgets: {
        'home.TV': async () => () => {
          throw new Error('TV widget crashed');
        },
      },
      locales,
    });
    const { container } = renderInShell(<Home />, {
      remotes: [chat, tv, media],
      loadWidgets: async (remote) => {
        if (remote.name === 'mf-chat') return chatWidgets;
        if (remote.name === 'mf-tv') return tvWidgets;
        throw new Error('ChunkLoadError: mf-media is down');
      },
    });

    expect(await screen.findByText('Top performers')).toBeInTheDocument();
    expect(await screen.findByText('Cam shows today')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-home-block="Trends"]')).toBeNull());
    const order = [...container.querySelectorAll('[data-home-block]')].map((block) =>
      block.getAttribute('data-home-block'),
    );
    expect(order.slice(0, 2)).toEqual(['TOP', 'CAMSHOWS']);
    // blocks no enabled remote fills are not on the page at all
    expect(container.querySelector('[data-home-block="Blog"]')).toBeNull();
    // a widget that throws is caught by its own error boundary; the page stays whole
    await waitFor(() => expect(container.querySelector('[data-remote-error="mf-tv"]')).not.toBeNull());
    expect(screen.getByTestId('home')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('loads a block’s remote when the block comes on the screen, and ahead of it once the visitor scrolls', async () => {
    // jsdom has no layout: the observer is driven by hand, as the browser would when the visitor scrolls.
    const observed = new Map<Element, { callback: IntersectionObserverCallback; rootMargin?: string }>();
    class ObserverByHand {
      constructor(
        private readonly callback: IntersectionObserverCallback,
        private readonly options: IntersectionObserverInit = {},
      ) {}
      observe(element: Element) {
        observed.set(element, { callback: this.callback, rootMargin: this.options.rootMargin });
      }
      disconnect() {}
    }
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = ObserverByHand as unknown as typeof IntersectionObserver;
    try {
      const loaded: string[] = [];
      const chat = manifestRemote('mf-chat', ['home.TOP']);
      const tv = manifestRemote('mf-tv', ['home.TV']);
      const { container } = renderInShell(<Home />, {
        remotes: [chat, tv],
        loadWidgets: async (remote) => {
          loaded.push(remote.name);
          return remote.name === 'mf-chat'
            ? defineWidgets({
                name: 'mf-chat',
                widgets: { 'home.TOP': async () => () => <p>Top performers</p> },
                locales,
              })
            : defineWidgets({ name: 'mf-tv', widgets: { 'home.TV': async () => () => <p>On TV now</p> }, locales });
        },
      });
      const blockOf = (name: string) => container.querySelector(`[data-home-block="${name}"]`)!;
      const comeNear = (name: string) =>
        act(() => {
          const element = blockOf(name);
          observed
            .get(element)!
            .callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as never);
        });
      await waitFor(() => expect(observed.size).toBe(2));
      expect(loaded).toEqual([]);
      expect(blockOf('TV')).toHaveAttribute('aria-busy', 'true');
      // Before any scroll a block loads only on the screen itself.
      expect(observed.get(blockOf('TV'))!.rootMargin).toBe('0px 0px');

      comeNear('TOP');
      expect(await screen.findByText('Top performers')).toBeInTheDocument();
      expect(loaded).toEqual(['mf-chat']);
      expect(blockOf('TOP')).not.toHaveAttribute('aria-busy');

      act(() => {
        window.scrollY = 300;
        window.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(observed.get(blockOf('TV'))!.rootMargin).toBe('600px 0px'));
      comeNear('TV');
      expect(await screen.findByText('On TV now')).toBeInTheDocument();
      expect(loaded).toEqual(['mf-chat', 'mf-tv']);
    } finally {
      globalThis.IntersectionObserver = original;
      window.scrollY = 0;
    }
  });
});
