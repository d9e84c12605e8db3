import { fireEvent, screen, within } from '@testing-library/react';
import type { ManifestRemote } from '@velvet/contracts';
import { manifestRemote, renderInShell } from '../testShell';
import { Navbar } from './Navbar';

/** mf-specials declaring, beside its Specials menu, a page the route table does not serve (`summerNights`). */
function specialsWithAbsentPage(): ManifestRemote {
  const remote = manifestRemote('mf-specials', []);
  remote.descriptor.menus = [
    { where: 'navbar', id: 'specials', route: 'dailyDeals', label: 'menus.specials', order: 60 },
    { where: 'navbar', parent: 'specials', route: 'dailyDeals', label: 'routes.dailyDeals', order: 10 },
    { where: 'navbar', parent: 'specials', route: 'summerNights', label: 'routes.summerNights', order: 20 },
    { where: 'navbar', id: 'summer', route: 'summerNights', label: 'routes.summerNights', order: 70 },
  ];
  return remote;
}

describe('navbar menus', () => {
  it('link only the routes the route table serves: an entry to an absent route is left out, not a link', () => {
    // The labels show as their keys: this test declares no texts.
    const { shell } = renderInShell(<Navbar />, { remotes: [specialsWithAbsentPage()] });
    expect(shell.router.has('dailyDeals')).toBe(true);
    expect(shell.router.has('summerNights' as never)).toBe(false);

    const navbar = screen.getByTestId('navbar');
    fireEvent.click(within(navbar).getByRole('button', { name: /menus\.specials/ }));
    expect(within(navbar).getByRole('link', { name: 'routes.dailyDeals' })).toHaveAttribute('href', '/en/daily-deals/');
    // Neither the submenu entry nor the menu of its own is there: no <a>, no text.
    expect(within(navbar).queryByText('routes.summerNights')).toBeNull();
    expect(navbar.querySelector('a[href*="summer"]')).toBeNull();
  });
});
