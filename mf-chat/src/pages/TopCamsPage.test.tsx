import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { topCamsQuery, type TopCamsKind } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, type GraphqlHandler } from '@velvet/testing';
import { ChatApp } from '../ChatApp';
import { locales } from '../locales';
import { topCam } from '../test/topCamsFixtures';
import { FAVORITES_MAX, TOP_CAMS_PAGE_SIZE } from './TopCamsPage';

function renderTopCams(query: GraphqlHandler, loggedIn = true) {
  const platform = createMockPlatform({ loggedIn, route: { name: 'topCams' }, query });
  renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
  return platform;
}

describe('top cams page', () => {
  it('shows best chats first and switches between the four lists, paged by the server', async () => {
    const calls: Record<string, unknown>[] = [];
    renderTopCams((operation, variables) => {
      expect(operation.document).toBe(topCamsQuery.document);
      calls.push(variables);
      const kind = variables['kind'] as TopCamsKind;
      const base = kind === 'videocall' ? 300 : kind === 'top100' ? 200 : 100;
      return {
        topCams: {
          total: kind === 'top100' ? 100 : 1,
          items: [topCam(base + Number(variables['offset'] ?? 0), { onlineVideocall: kind === 'videocall' })],
        },
      };
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Top cams' })).toBeInTheDocument();
    expect(await screen.findByText('performer100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Best chats' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/90 % satisfied · 40 ratings/)).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'performer100' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');

    fireEvent.click(screen.getByRole('button', { name: 'Top 100' }));
    expect(await screen.findByText('performer200')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(`performer${200 + TOP_CAMS_PAGE_SIZE}`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Video call' }));
    const videocall = await screen.findByRole('list', { name: 'Video call' });
    expect(within(videocall).getByRole('link', { name: /Video call/ })).toHaveTextContent('9 VXC/min');
    expect(within(videocall).getByRole('link', { name: /Video call/ })).toHaveAttribute(
      'href',
      '/en/amateur/performer300/chat/',
    );
    expect(calls).toEqual([
      { kind: 'bestChats', first: TOP_CAMS_PAGE_SIZE, offset: 0 },
      { kind: 'top100', first: TOP_CAMS_PAGE_SIZE, offset: 0 },
      { kind: 'top100', first: TOP_CAMS_PAGE_SIZE, offset: TOP_CAMS_PAGE_SIZE },
      { kind: 'videocall', first: TOP_CAMS_PAGE_SIZE, offset: 0 },
    ]);
  });

  it('counts the favourites online and follows pushes and pins live', async () => {
    let favorites = [topCam(1), topCam(2, { online: false }), topCam(3)];
    const calls: Record<string, unknown>[] = [];
    const platform = renderTopCams((_operation, variables) => {
      calls.push(variables);
      return { topCams: { total: favorites.length, items: favorites } };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Favourites' }));
    expect(await screen.findByText('2 of your 3 favourites are online')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ kind: 'favorites', first: FAVORITES_MAX, offset: 0 });

    act(() => platform.emit({ type: 'actorOnline', actorId: 2, actorName: 'performer2' }));
    expect(await screen.findByText('3 of your 3 favourites are online')).toBeInTheDocument();
    act(() => platform.emit({ type: 'actorOffline', actorId: 1, actorName: 'performer1' }));
    expect(await screen.findByText('2 of your 3 favourites are online')).toBeInTheDocument();
    const loads = calls.length;
    // The same favourites pushed again: nothing to load.
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [3, 2, 1] }));
    expect(calls).toHaveLength(loads);
    // One unpinned (in another tab): the list loads again.
    favorites = favorites.slice(1);
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [2, 3] }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of your 2 favourites are online'));
    expect(calls).toHaveLength(loads + 1);
  });

  it('asks an anonymous visitor to log in for favourites', async () => {
    const platform = renderTopCams(() => ({ topCams: { total: 0, items: [] } }), false);
    expect(await screen.findByText('No performer has enough ratings yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
  });
});
