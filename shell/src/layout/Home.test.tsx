import { screen, waitFor } from '@testing-library/react';
import { defineWidgets } from '@velvet/federation';
import { manifestRemote, renderInShell } from '../testShell';
import { Home } from './Home';

const locales = { de: {}, en: {}, nl: {}, es: {} };

describe('Home', () => {
  it('renders the timeline blocks in spec order and leaves out a block whose remote fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the crashing widget reports itself
    const chat = manifestRemote('mf-chat', ['home.TOP', 'home.CAMSHOWS']);
    const tv = manifestRemote('mf-tv', ['home.TV']);
    const media = manifestRemote('mf-media', ['home.Trends']);
    const chatWidgets = defineWidgets({
      name: 'mf-chat',
      widgets: { 'home.TOP': () => <p>Top performers</p>, 'home.CAMSHOWS': () => <p>Cam shows today</p> },
      locales,
    });
    const tvWidgets = defineWidgets({
      name: 'mf-tv',
      widgets: {
        'home.TV': () => {
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
});
