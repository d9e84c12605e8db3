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
      rest: {
        '/messenger/favorites': () => ({
          actors: [actorFixture(1), actorFixture(2, { isOnline: false })],
          onlineCount: 1,
        }),
      },
    });
    renderWithPlatform(<FavoriteWidget />, { platform, remote: 'mf-messenger', locales });
    expect(platform.sent).toEqual([{ type: 'favoriteRequestActors' }]);
    expect(await screen.findByText('Performer 2')).toBeInTheDocument();
    expect(screen.getByText('1 Favorit online')).toBeInTheDocument();
    act(() => platform.emit({ type: 'actorOnline', actorId: 2, actorName: 'performer2' }));
    expect(await screen.findByText('2 Favoriten online')).toBeInTheDocument();
    expect(screen.getByText('Performer 2').closest('a')).toHaveAttribute('href', '/de/amateur/performer2/');
    // A favourite beyond the first page counts too; a performer who is no favourite does not.
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [1, 2, 30] }));
    act(() => platform.emit({ type: 'actorOnline', actorId: 30, actorName: 'performer30' }));
    act(() => platform.emit({ type: 'actorOnline', actorId: 40, actorName: 'performer40' }));
    expect(await screen.findByText('3 Favoriten online')).toBeInTheDocument();
  });

  it('shows favourites as tiles without a link while the profile page is not served', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      offRoutes: ['actorProfile'],
      rest: { '/messenger/favorites': () => ({ actors: [actorFixture(1)], onlineCount: 1 }) },
    });
    renderWithPlatform(<FavoriteWidget />, { platform, remote: 'mf-messenger', locales });
    expect(await screen.findByText('Performer 1')).toBeInTheDocument();
    expect(screen.getByText('Performer 1').closest('a')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('reloads the list when a pin changes the favourites', async () => {
    const answers = [[actorFixture(1)], [actorFixture(1), actorFixture(5)]];
    const platform = createMockPlatform({
      loggedIn: true,
      rest: { '/messenger/favorites': () => ({ actors: answers.shift() ?? [], onlineCount: 1 }) },
    });
    renderWithPlatform(<FavoriteWidget />, { platform, remote: 'mf-messenger', locales });
    await screen.findByText('Performer 1');
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [1] }));
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [1, 5] }));
    expect(await screen.findByText('Performer 5')).toBeInTheDocument();
    expect(answers).toEqual([]);
  });
});
