import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unreadMessageCountQuery, type ManifestRemote } from '@velvet/contracts';
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
    const specials = within(navbar).getByText('menus.specials', { selector: 'summary', exact: false });
    fireEvent.click(specials);
    expect(specials.parentElement).toHaveProperty('open', true);
    expect(within(specials.parentElement!).getByRole('link', { name: 'routes.dailyDeals' })).toHaveAttribute(
      'href',
      '/en/daily-deals/',
    );
    // Neither the submenu entry nor the menu of its own is there: no <a>, no text.
    expect(within(navbar).queryByText('routes.summerNights')).toBeNull();
    expect(navbar.querySelector('a[href*="summer"]')).toBeNull();
  });
});

describe('navbar menus as disclosures', () => {
  /** Two menus with a submenu each. */
  function twoMenus(): ManifestRemote {
    const remote = manifestRemote('mf-specials', []);
    remote.descriptor.menus = [
      { where: 'navbar', id: 'specials', route: 'dailyDeals', label: 'menus.specials', order: 60 },
      { where: 'navbar', parent: 'specials', route: 'dailyDeals', label: 'routes.dailyDeals', order: 10 },
      { where: 'navbar', id: 'contests', route: 'contests', label: 'menus.contests', order: 70 },
      { where: 'navbar', parent: 'contests', route: 'contests', label: 'routes.contests', order: 10 },
    ];
    return remote;
  }
  const summary = (label: string) =>
    within(screen.getByTestId('navbar')).getByText(label, { selector: 'summary', exact: false });
  const isOpen = (label: string) => (summary(label).parentElement as HTMLDetailsElement).open;

  it('are in the page closed, with real links, so they open without JavaScript', () => {
    renderInShell(<Navbar />, { remotes: [twoMenus()] });
    for (const label of ['menus.specials', 'menus.contests']) {
      expect(summary(label).parentElement?.tagName).toBe('DETAILS');
      // one group: opening one closes the other in the browser, also without JavaScript
      expect(summary(label).parentElement).toHaveAttribute('name', 'vv-nav-menus');
      expect(isOpen(label)).toBe(false);
    }
    const links = [...screen.getByTestId('navbar').querySelectorAll('.vv-nav__submenu a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/en/daily-deals/', '/en/contests/']);
  });

  it('open one at a time (the bell too), and close on a second click, on Escape and on a click beside them', () => {
    renderInShell(<Navbar />, { remotes: [twoMenus()] });
    fireEvent.click(summary('menus.specials'));
    expect(isOpen('menus.specials')).toBe(true);
    fireEvent.click(summary('menus.contests'));
    expect([isOpen('menus.specials'), isOpen('menus.contests')]).toEqual([false, true]);
    fireEvent.click(summary('menus.contests'));
    expect(isOpen('menus.contests')).toBe(false);

    fireEvent.click(summary('menus.specials'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen('menus.specials')).toBe(false);
    // An open menu blocks the page: a click beside it lands on the backdrop, which only closes it.
    fireEvent.click(summary('menus.specials'));
    fireEvent.click(screen.getByTestId('menu-backdrop'));
    expect(isOpen('menus.specials')).toBe(false);
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();

    fireEvent.click(summary('menus.specials'));
    const bell = screen.getByRole('button', { name: /notification/i });
    fireEvent.click(bell);
    expect(isOpen('menus.specials')).toBe(false);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(summary('menus.contests'));
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('the mobile menu is one more disclosure before the menus, which the style sheet folds under 1023 px', () => {
    renderInShell(<Navbar />, { remotes: [twoMenus()] });
    const burger = within(screen.getByTestId('navbar'))
      .getByText('Menu', { selector: 'summary *' })
      .closest('details')!;
    expect(burger).toHaveClass('vv-nav__burger');
    expect(burger.parentElement!.querySelector('.vv-nav__burger ~ .vv-nav__main')).not.toBeNull();
    fireEvent.click(burger.querySelector('summary')!);
    expect(burger.open).toBe(true);
    // The page behind the open mobile menu does not scroll.
    expect(document.documentElement).toHaveClass('vv-scroll-locked');
    fireEvent.click(burger.querySelector('summary')!);
    expect(burger.open).toBe(false);
    expect(document.documentElement).not.toHaveClass('vv-scroll-locked');
  });
});

describe('navbar guest corner', () => {
  it("shows the guest's profile picture, and a new one as soon as the guestAvatar push arrives", () => {
    const { shell, platform, container } = renderInShell(<Navbar />, { platform: { loggedIn: true } });
    act(() => shell.session.session$.next(platform.session.current()));
    expect(container.querySelector('.vv-nav__avatar')).toBeNull();
    act(() => shell.session.setAvatar({ type: 'guestAvatar', avatarUrl: '/media/guests/g/avatar-1.webp' }));
    expect(container.querySelector('.vv-nav__avatar')).toHaveAttribute('src', '/media/guests/g/avatar-1.webp');
    act(() => shell.session.setAvatar({ type: 'guestAvatar', avatarUrl: null }));
    expect(container.querySelector('.vv-nav__avatar')).toBeNull();
  });
});

describe('navbar messenger badge', () => {
  /** mf-messenger with its navbar entry. */
  function messenger(): ManifestRemote {
    const remote = manifestRemote('mf-messenger', []);
    remote.descriptor.menus = [
      { where: 'navbar', id: 'messenger', route: 'messenger', label: 'menus.messenger', order: 50 },
    ];
    return remote;
  }

  it('shows the unread messages of a logged-in guest and follows the messenger pushes', async () => {
    let unread = 3;
    const asked: string[] = [];
    const { shell, platform, container } = renderInShell(<Navbar />, {
      remotes: [messenger()],
      language: 'de',
      platform: {
        loggedIn: true,
        query: (operation) => {
          asked.push(operation.document);
          return { unreadMessageCount: unread };
        },
      },
    });
    const badge = () => container.querySelector('.vv-nav__badge');
    // The server's render and the hydration are a visitor's: no badge until the guest's session is there.
    expect(badge()).toBeNull();
    act(() => shell.session.session$.next(platform.session.current()));
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(badge()).toHaveAttribute('aria-label', '3 ungelesene Nachrichten');
    expect(asked).toEqual([unreadMessageCountQuery.document]);
    act(() =>
      platform.emit({
        type: 'channels',
        filterType: 'newest',
        onlineOnly: false,
        offset: 0,
        channels: [],
        total: 0,
        unreadTotal: 120,
      }),
    );
    expect(badge()).toHaveTextContent('99+');
    act(() => platform.emit({ type: 'allChannelsSeen' }));
    expect(badge()).toBeNull();
    // A changed channel (a new message) asks again.
    unread = 1;
    act(() =>
      platform.emit({
        type: 'channel',
        channel: {
          id: 1,
          actorId: 2,
          actorName: 'Performer 2',
          actorAge: 25,
          unreadCount: 1,
          archived: false,
          blocked: false,
          isActorOnline: true,
          messageTimestamp: '2026-01-01T12:00:00.000Z',
          lastMessage: 'Hi',
          freeMessagesAmount: 0,
          messagePrice: 100,
          isMessagingFree: false,
          previewPictureUrl: '/media/a.webp',
        },
      }),
    );
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
  });

  it('shows no badge to visitors and asks nothing', () => {
    const asked: string[] = [];
    const { container } = renderInShell(<Navbar />, {
      remotes: [messenger()],
      platform: { query: (operation) => (asked.push(operation.document), {}) },
    });
    expect(container.querySelector('.vv-nav__badge')).toBeNull();
    expect(asked).toEqual([]);
  });
});
