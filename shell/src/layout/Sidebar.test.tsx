import { act, screen, waitFor } from '@testing-library/react';
import type { SidebarCounts } from '@velvet/contracts';
import { renderInShell } from '../testShell';
import { Sidebar } from './Sidebar';

describe('personal sidebar', () => {
  it('asks visitors to sign up and loads no counts for them', () => {
    const { platform } = renderInShell(<Sidebar />);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(platform.restCalls).toEqual([]);
  });

  it('shows the media counts and loads them again on every balance push and pin', async () => {
    let counts: SidebarCounts = { boughtVideos: 0, boughtPhotos: 2, privateCollection: 1, pinnedFavorites: 3 };
    const { shell, platform } = renderInShell(<Sidebar />, {
      language: 'de',
      platform: { loggedIn: true, rest: { '/mediathek/sidebarCounts': () => counts } },
    });
    act(() => shell.session.session$.next(platform.session.current()));
    expect(await screen.findByTestId('sidebar-boughtVideos')).toHaveTextContent('0');
    expect(screen.getByText('Gekaufte Fotos').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Private Sammlung').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Gepinnte Favoriten').nextSibling).toHaveTextContent('3');

    counts = { ...counts, boughtVideos: 1 };
    act(() => platform.emit({ type: 'guestBalance', balance: 5, balanceFormatted: '5\u00a0VXC' }));
    await waitFor(() => expect(screen.getByTestId('sidebar-boughtVideos')).toHaveTextContent('1'));
    counts = { ...counts, pinnedFavorites: 4 };
    act(() => platform.emit({ type: 'favoriteAlbum', albumId: 3, mediaType: 'PHOTO', pinned: true }));
    await waitFor(() => expect(screen.getByTestId('sidebar-pinnedFavorites')).toHaveTextContent('4'));
    expect(platform.restCalls.filter((c) => c.path === '/mediathek/sidebarCounts')).toHaveLength(3);
  });
});
