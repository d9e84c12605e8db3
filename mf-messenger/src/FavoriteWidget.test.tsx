import { act, fireEvent, screen } from '@testing-library/react';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { FavoriteWidget } from './FavoriteWidget';
import { actorFixture } from './fixtures';
import { locales } from './locales';

describe('home Favorite block', () => {
  it('asks visitors to log in to pin favourites', () => {
    const platform = createMockPlatform({ loggedIn: false });
    renderWithPlatform(<FavoriteWidget />, { platform, remote: 'mf-messenger', locales });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.restCalls).toEqual([]);
  });

  it('shows the guest favourites with their live state in German', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      rest: { '/messenger/favorites': () => ({ actors: [actorFixture(1), actorFixture(2, { isOnline: false })], onlineCount: 1 }) },
    });
    renderWithPlatform(<FavoriteWidget />, { platform, remote: 'mf-messenger', locales });
    expect(await screen.findByText('Performer 2')).toBeInTheDocument();
    expect(screen.getByText('1 Favorit online')).toBeInTheDocument();
    act(() => platform.emit({ type: 'actorOnline', actorId: 2, actorName: 'performer2' }));
    expect(screen.getByText('2 Favoriten online')).toBeInTheDocument();
    expect(screen.getByText('Performer 2').closest('a')).toHaveAttribute('href', '/de/amateur/performer2/');
  });
});
