import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMockPlatform, renderWithPlatform, routeHref, type RestHandler } from '@velvet/testing';
import type { RouteName } from '@velvet/contracts';
import { locales } from './locales';
import { MediaApp } from './MediaApp';
import { makeAlbum, makePinnedPhoto, makeSedcards } from './testing/fixtures';
import { ActorAlbums } from './ActorMedia';

const noComments = () => ({ comments: [], commentsTotal: 0 });
const emptyAlbums = () => ({ items: [], total: 0, page: 1, pageSize: 16 });

function renderApp(
  route: { name: RouteName; args?: Record<string, string> },
  options: { loggedIn?: boolean; rest: Record<string, RestHandler> },
) {
  const platform = createMockPlatform({ route, ...options });
  return renderWithPlatform(<MediaApp />, { platform, remote: 'mf-media', locales });
}

describe('sedcards on the profile pictures tab', () => {
  test('shows the sedcards as lazy images and rates them with the counters the server answers', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: {
        '/media/actor/:actorId/albums': emptyAlbums,
        '/gallery/getsedcards/:actorIdOrName': () => makeSedcards(7),
        '/gallery/setSedcardsGuestRating/:actorId': (input) => {
          expect(input).toEqual({ params: { actorId: 7 }, body: { guestRating: 1 } });
          return {
            success: true,
            albumTotalViews: 0,
            guestRatingLikes: 2,
            guestRatingDislikes: 2,
            isLiked: false,
            isDisliked: true,
          };
        },
      },
    });
    renderWithPlatform(<ActorAlbums actorId={7} actorName="lena" />, { platform, remote: 'mf-media', locales });
    const sedcards = await screen.findByRole('region', { name: 'Sedcards of lena' });
    const images = within(sedcards).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '640');
    expect(platform.restCalls.find((c) => c.path === '/gallery/getsedcards/:actorIdOrName')?.input).toEqual({
      params: { actorIdOrName: '7' },
    });
    fireEvent.click(within(sedcards).getByRole('button', { name: 'Dislike (1)' }));
    expect(await within(sedcards).findByRole('button', { name: 'Dislike (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('visitors are asked to log in to rate sedcards', async () => {
    const platform = createMockPlatform({
      rest: {
        '/media/actor/:actorId/albums': emptyAlbums,
        '/gallery/getsedcards/:actorIdOrName': () => makeSedcards(7),
      },
    });
    renderWithPlatform(<ActorAlbums actorId={7} actorName="lena" />, { platform, remote: 'mf-media', locales });
    fireEvent.click(await screen.findByRole('button', { name: 'Like (2)' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.restCalls.some((c) => c.path === '/gallery/setSedcardsGuestRating/:actorId')).toBe(false);
  });
});

describe('album views and pinned pictures', () => {
  const route = { name: 'albumDetails' as const, args: { actorName: 'lena', albumId: '3' } };
  const albumRest = { '/gallery/open': () => makeAlbum(3), '/gallery/getComments': noComments };

  test('a logged-in guest records a view on open and pins single pictures over the socket', async () => {
    const { platform } = renderApp(route, {
      loggedIn: true,
      rest: { ...albumRest, '/gallery/recordView': () => ({ success: true, albumTotalViews: 1 }) },
    });
    const pin = await screen.findByRole('button', { name: 'Pin picture 2' });
    await waitFor(() =>
      expect(platform.restCalls.filter((c) => c.path === '/gallery/recordView').map((c) => c.input)).toEqual([
        { body: { albumId: 3 } },
      ]),
    );
    fireEvent.click(pin);
    expect(platform.sent).toEqual([{ type: 'favoritePinPicture', pictureId: 32 }]);
    act(() => platform.emit({ type: 'favoritePicture', pictureId: 32, pinned: true }));
    expect(await screen.findByRole('button', { name: 'Unpin picture 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Pin picture 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('an anonymous visit records no view, and pinning a picture asks to log in', async () => {
    const { platform } = renderApp(route, { rest: albumRest });
    fireEvent.click(await screen.findByRole('button', { name: 'Pin picture 1' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.sent).toEqual([]);
    expect(platform.restCalls.some((c) => c.path === '/gallery/recordView')).toBe(false);
  });
});

test('the photos library lists the pinned photos, linking to their album, unpinnable in place', async () => {
  const { platform } = renderApp(
    { name: 'mediathekPhotos' },
    {
      loggedIn: true,
      rest: {
        '/mediathek/items': () => ({ items: [], total: 0, page: 1, pageSize: 30 }),
        '/mediathek/totals': () => ({
          VIDEO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
          PHOTO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
          chatClips: 0,
        }),
        '/gallery/getPinnedPhotos': () => ({ items: [makePinnedPhoto(11)], total: 1, page: 1, pageSize: 30 }),
      },
    },
  );
  const list = await screen.findByRole('list', { name: 'Pinned photos' });
  expect(within(list).getByRole('link', { name: /Album 1/ })).toHaveAttribute(
    'href',
    routeHref('albumDetails', { actorName: 'actor1', albumId: '1' }),
  );
  expect(within(list).getByRole('img')).toHaveAttribute('loading', 'lazy');
  fireEvent.click(within(list).getByRole('button', { name: 'Unpin picture of Album 1' }));
  expect(platform.sent).toEqual([{ type: 'favoriteUnpinPicture', pictureId: 11 }]);
});
