import { act, screen, waitFor, within } from '@testing-library/react';
import { mediaEndpoints } from '@velvet/contracts';
import type { Lifecycles } from '@velvet/federation';
import { guestFixture, hydrateOverServer, restFixture } from '@velvet/testing';
import { createTestShell, manifestRemote } from '../testShell';
import { Layout } from './Layout';

/** mf-specials with its Specials menu and one submenu entry. */
function specials() {
  const remote = manifestRemote('mf-specials', ['page.overlay']);
  remote.descriptor.menus = [
    { where: 'navbar', id: 'specials', route: 'dailyDeals', label: 'menus.specials', order: 60 },
    { where: 'navbar', parent: 'specials', route: 'dailyDeals', label: 'routes.dailyDeals', order: 10 },
  ];
  return remote;
}

const help = { key: 'helpCenter', href: 'https://help.example/{language}/' };

describe('the layout rendered on the server for every visitor, hydrated for a logged-in guest', () => {
  it('hydrates without a mismatch and shows the guest’s own name, balance and sidebar right after', async () => {
    // What the specials remote lays over the page (its Easter eggs) is told the page's route, in the browser only.
    const overlaid: unknown[] = [];
    const overlay: Lifecycles = {
      bootstrap: () => Promise.resolve(),
      mount: (props) => Promise.resolve(void overlaid.push(props.route)),
      unmount: () => Promise.resolve(),
    };
    const loadWidgets = () => Promise.resolve({ 'page.overlay': overlay });
    const options = { remotes: [specials()], tenant: { footerLinks: [help] }, loadWidgets };
    // The server's stores: no session of any guest (the render module knows none).
    const server = createTestShell(options);
    const client = createTestShell({
      ...options,
      platform: {
        loggedIn: true,
        rest: restFixture(mediaEndpoints.sidebarCounts, () => ({
          boughtVideos: 1,
          boughtPhotos: 2,
          privateCollection: 0,
          pinnedFavorites: 3,
        })),
      },
    });
    const guest = guestFixture(true, 'en', { name: 'Anna', balance: { amount: 25, formatted: '25\u00a0VXC' } });
    client.shell.session.session$.next({ accessToken: 'guest-token', guest });

    const hydrated = await hydrateOverServer(server.wrap(<Layout />), client.wrap(<Layout />));
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);

    // The shared page is the visitor's: login buttons, no name, and the menus' links are in it without JavaScript.
    expect(hydrated.html).toContain('href="/en/daily-deals/"');
    expect(hydrated.html).not.toContain('Anna');
    expect(hydrated.html).not.toContain('data-testid="navbar-balance"');
    expect(hydrated.html).not.toContain('page.overlay');

    // Right after hydration the guest's own parts are there.
    const navbar = screen.getByTestId('navbar');
    expect(within(navbar).getByTestId('navbar-balance').textContent).toBe('25\u00a0VXC');
    expect(within(navbar).getByText('Anna')).toBeInTheDocument();
    expect(within(navbar).queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByTestId('guest-sidebar')).toHaveTextContent('Anna');
    expect(await screen.findByTestId('sidebar-pinnedFavorites')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute(
      'href',
      'https://help.example/en/?name=Anna',
    );

    await waitFor(() => expect(overlaid).toEqual(['home']));

    // and it follows the session on
    act(() => client.shell.session.session$.next({ accessToken: 'a', guest: guestFixture(false, 'en') }));
    expect(within(navbar).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    hydrated.unmount();
  });
});
