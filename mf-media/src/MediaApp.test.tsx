import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  breadcrumbFixture,
  createMockPlatform,
  expectClosableInPageIncentive,
  inPageIncentiveFixture,
  renderWithPlatform,
  restCallsTo,
  routeHref,
} from '@velvet/testing';
import { ApiError } from '@velvet/sdk';
import {
  conversionEndpoints,
  initialVideoFilter,
  mediaEndpoints,
  updateVideoFilter,
  type RouteName,
} from '@velvet/contracts';
import { locales } from './locales';
import { MediaApp } from './MediaApp';
import { gridHandler, makeAlbum, makeVideo } from './testing/fixtures';

const GRID = '/tileGrid/get/:type/:payload';

function renderApp(
  route: { name: RouteName; args?: Record<string, string> },
  options: Parameters<typeof createMockPlatform>[0] = {},
) {
  const platform = createMockPlatform({ route, ...options });
  return renderWithPlatform(<MediaApp />, { platform, remote: 'mf-media', locales });
}

describe('video areas', () => {
  test('a video area shows 16 tiles of its category linking to the video pages', async () => {
    const grid = gridHandler(40);
    renderApp({ name: 'onSale' }, { rest: { [GRID]: grid.handler } });
    const list = await screen.findByRole('list', { name: 'Videos on sale' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(16);
    expect(grid.requests[0]).toMatchObject({ type: 'discounted', page: 1 });
    // Unchosen, the page size is the server's: the guest's stored one, else 16.
    expect(grid.requests[0]).not.toHaveProperty('pageSize');
    expect(screen.getByRole('link', { name: /Video 1\b/ })).toHaveAttribute(
      'href',
      routeHref('videoDetails', { actorName: 'lena', videoId: '1' }),
    );
    expect(screen.getByText('40 videos')).toBeInTheDocument();
    for (const image of within(list).getAllByRole('img')) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '320');
    }
  });

  test("a video among the month's VIP30 offers carries the hint that VIP members watch it free", async () => {
    const grid = gridHandler(2);
    renderApp(
      { name: 'onSale' },
      {
        rest: {
          [GRID]: (input: unknown) => {
            const page = grid.handler(input);
            return { ...page, items: page.items.map((video) => ({ ...video, isVip30Offer: video.id === 2 })) };
          },
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'Videos on sale' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(second!).getByText('VIP30: free for VIP members')).toBeInTheDocument();
    expect(within(first!).queryByText('VIP30: free for VIP members')).not.toBeInTheDocument();
  });

  test('paging keeps the filter; any other change goes back to page 1', async () => {
    const grid = gridHandler(100);
    renderApp({ name: 'allVideos' }, { rest: { [GRID]: grid.handler } });
    await screen.findByRole('list', { name: 'All videos' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ page: 3 }));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'cheapest' } });
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ page: 1, sort: 'cheapest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ page: 2, sort: 'cheapest' }));
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: 'short' } });
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ page: 1, duration: { from: -1, to: 300 } }));
  });

  test("a logged-in guest's grid starts from her stored sort and page size, and keeps what she picks", async () => {
    const grid = gridHandler(100, { sort: 'cheapest', pageSize: 32 });
    const stored: unknown[] = [];
    renderApp(
      { name: 'allVideos' },
      {
        loggedIn: true,
        rest: {
          [GRID]: grid.handler,
          '/storeTileGridSettings': (input: unknown) => {
            const { body } = input as { body: { settings: unknown } };
            stored.push(body);
            return { success: true, settings: body.settings };
          },
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'All videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(32);
    expect(screen.getByLabelText('Sort by')).toHaveValue('cheapest');
    expect(screen.getByLabelText('Per page')).toHaveValue('32');
    expect(grid.requests[0]).not.toHaveProperty('sort');

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '48' } });
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ pageSize: 48 }));
    expect(stored).toEqual([{ type: 'videos', settings: { sort: 'cheapest', pageSize: 48 } }]);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ sort: 'newest', pageSize: 48 }));
    expect(stored.at(-1)).toEqual({ type: 'videos', settings: { sort: 'newest', pageSize: 48 } });
  });

  test("a visitor's choice is not stored", async () => {
    const grid = gridHandler(40);
    const stored: unknown[] = [];
    renderApp(
      { name: 'allVideos' },
      { rest: { [GRID]: grid.handler, '/storeTileGridSettings': (input: unknown) => void stored.push(input) } },
    );
    const list = await screen.findByRole('list', { name: 'All videos' });
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '32' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(32));
    expect(grid.requests.at(-1)).toMatchObject({ pageSize: 32 });
    expect(stored).toEqual([]);
  });

  test('the gender filter falls back to NONE when emptied', async () => {
    const grid = gridHandler(20);
    renderApp({ name: 'newVideos' }, { rest: { [GRID]: grid.handler } });
    await screen.findByRole('list', { name: 'New videos' });
    expect(grid.requests[0]).toMatchObject({ type: 'new', actorGenders: ['NONE'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Women' }));
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ actorGenders: ['F'] }));
    // With a tag chosen the emptied filter is a request not answered from the cache yet.
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'beach' } });
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ actorGenders: ['F'], tags: ['beach'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Women' }));
    await waitFor(() => expect(grid.requests.at(-1)).toMatchObject({ actorGenders: ['NONE'] }));
  });

  test('the video search sends its pattern; the trending area offers its own sort', async () => {
    const grid = gridHandler(3);
    const { unmount } = renderApp(
      { name: 'videoSearch', args: { searchPattern: 'beach' } },
      { rest: { [GRID]: grid.handler } },
    );
    expect(await screen.findByRole('heading', { name: 'Videos for “beach”' })).toBeInTheDocument();
    expect(grid.requests[0]).toMatchObject({ type: 'all', searchPattern: 'beach' });
    unmount();
    renderApp({ name: 'videoTrends' }, { rest: { [GRID]: grid.handler } });
    await screen.findByRole('list', { name: 'Video trends' });
    expect(screen.getByLabelText('Sort by')).toHaveValue('topTrending');
    expect(grid.requests.at(-1)).toMatchObject({ type: 'trending' });
  });

  test('a failed load shows an error at once with a retry that loads again', async () => {
    let fail = true;
    const grid = gridHandler(5);
    renderApp(
      { name: 'freeClips' },
      {
        rest: {
          [GRID]: (input) => {
            if (fail) throw new ApiError(500, 'INTERNAL', 'down');
            return grid.handler(input);
          },
        },
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Free clips' })).toBeInTheDocument();
    expect(grid.requests[0]).toMatchObject({ type: 'free' });
  });

  test('updateVideoFilter resets the page except for page and page size', () => {
    const filter = { ...initialVideoFilter({ type: 'all' }), page: 4 };
    expect(updateVideoFilter(filter, { page: 5 }).page).toBe(5);
    expect(updateVideoFilter(filter, { pageSize: 32 }).page).toBe(4);
    expect(updateVideoFilter(filter, { tags: ['beach'] }).page).toBe(1);
    expect(updateVideoFilter(filter, { actorGenders: [] }).actorGenders).toEqual(['NONE']);
  });
});

describe('video page', () => {
  const onSale = makeVideo(5, {
    title: 'Beach Day',
    price: { value: 500, currency: 'VXC' },
    basePrice: { value: 1000, currency: 'VXC' },
  });
  const route = { name: 'videoDetails' as const, args: { actorName: 'lena', videoId: '5' } };

  test('shows the facts, the discount, and asks anonymous visitors to log in to buy', async () => {
    const { platform } = renderApp(route, { rest: { '/video/:videoId': () => onSale } });
    expect(await screen.findByRole('heading', { name: 'Beach Day' })).toBeInTheDocument();
    expect(screen.getByText('12:34')).toBeInTheDocument();
    expect(screen.getByText('18+')).toBeInTheDocument();
    expect(screen.getByText('−50 %')).toBeInTheDocument();
    expect(screen.getByLabelText('Instead of 10 VXC')).toBeInTheDocument();
    expect(screen.getByText('5 VXC')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lena' })).toHaveAttribute(
      'href',
      routeHref('actorProfile', { actorName: 'lena' }),
    );
    expect(restCallsTo(platform, mediaEndpoints.video)).toEqual([{ params: { videoId: 5 } }]);
    expect(screen.getByLabelText('Beach Day: preview')).toHaveAttribute('data-clip', 'preview');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pin to my library' }));
    expect(platform.openedFlows).toEqual(['login', 'login']);
    expect(platform.sent).toEqual([]);
  });

  const buyPath = '/album/:albumId/buy';
  const bought = { success: true, charged: true, guestBalance: 5, guestBalanceFormatted: '5\u00a0VXC' };

  test('plays the preview to visitors and the full clip, with the session token, once bought', async () => {
    const { platform } = renderApp(route, {
      loggedIn: true,
      rest: { '/video/:videoId': () => onSale, [buyPath]: () => bought },
    });
    const preview = await screen.findByLabelText('Beach Day: preview');
    expect(preview).toHaveAttribute('src', '/media/clips/clip-1-preview.mp4');
    expect(preview).toHaveAttribute('width', '320');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('In your library')).toBeInTheDocument();
    const call = platform.restCalls.find((c) => c.path === buyPath)!;
    expect(call.input).toMatchObject({ params: { albumId: 5 }, query: { mediaType: 'VIDEO' }, body: { price: 500 } });
    expect(call.input?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(platform.toasts).toEqual([{ message: 'Bought: it is in your media library now.', kind: 'success' }]);
    expect(screen.getByLabelText('Beach Day: full video')).toHaveAttribute(
      'src',
      '/rest/v1/video/5/stream?accessToken=guest-token',
    );
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  test('buys with a video voucher that holds for her performer, instead of coins', async () => {
    const voucher = (id: number, actorIds: number[]) => ({
      id,
      guestId: 'guest-1',
      type: 1 as const,
      amount: 1,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: null,
      actors: actorIds.map((actorId) => ({ id: actorId, online: true, name: 'X', link: 'x', avatar: '/a.webp' })),
      code: null,
    });
    const benefits = {
      spinwheelSpins: 0,
      messengerGiftCount: 0,
      freeMessagesCount: 0,
      privateShowTickets: 0,
      chatShowTickets: 0,
      bonusCodeCount: 0,
      vouchers: [voucher(8, [onSale.model.id + 1]), voucher(9, [onSale.model.id])],
    };
    const { platform } = renderApp(route, {
      loggedIn: true,
      rest: {
        '/video/:videoId': () => onSale,
        '/guest/benefits': () => benefits,
        '/guest/vouchers/:voucherId/use': () => ({ voucherId: 9, type: 1, used: 1, mediaId: 5, bonus: null, benefits }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use a video voucher' }));
    expect(await screen.findByText('In your library')).toBeInTheDocument();
    const call = platform.restCalls.find((c) => c.path === '/guest/vouchers/:voucherId/use')!;
    expect(call.input).toMatchObject({ params: { voucherId: 9 }, body: { mediaId: 5 } });
    expect(platform.restCalls.some((c) => c.path === buyPath)).toBe(false);
  });

  test('each attempt has its own idempotency key; too little money opens the money charge', async () => {
    let answer: () => unknown = () => {
      throw new ApiError(402, 'INSUFFICIENT_FUNDS', 'Your balance is too low for this');
    };
    const { platform } = renderApp(route, {
      loggedIn: true,
      language: 'de',
      rest: { '/video/:videoId': () => onSale, [buyPath]: () => answer() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Kaufen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dein Guthaben reicht nicht');
    expect(platform.openedFlows).toEqual(['moneyCharge']);
    answer = () => bought;
    fireEvent.click(screen.getByRole('button', { name: 'Kaufen' }));
    expect(await screen.findByText('In deiner Mediathek')).toBeInTheDocument();
    const keys = platform.restCalls.filter((c) => c.path === buyPath).map((c) => c.input?.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toEqual(keys[1]);
  });

  test('a changed price is said and the video loads again with the new one', async () => {
    let price = 500;
    const { platform } = renderApp(route, {
      loggedIn: true,
      rest: {
        '/video/:videoId': () => ({ ...onSale, price: { value: price, currency: 'VXC' as const } }),
        [buyPath]: () => {
          price = 700;
          throw new ApiError(409, 'PRICE_CHANGED', 'The price has changed');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price has just changed');
    expect(await screen.findByText('7 VXC')).toBeInTheDocument();
    expect(platform.openedFlows).toEqual([]);
  });

  test('pins over the socket and follows the server answer', async () => {
    const { platform } = renderApp(route, { loggedIn: true, rest: { '/video/:videoId': () => onSale } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pin to my library' }));
    expect(platform.sent).toEqual([{ type: 'favoritePinAlbum', albumId: 5, mediaType: 'VIDEO' }]);
    act(() => platform.emit({ type: 'favoriteAlbum', albumId: 5, mediaType: 'VIDEO', pinned: true }));
    expect(screen.getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true');
    // A push about another item (here an album with the same id) leaves this one alone.
    act(() => platform.emit({ type: 'favoriteAlbum', albumId: 5, mediaType: 'PHOTO', pinned: false }));
    expect(screen.getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
  });

  test('an unknown video says so', async () => {
    renderApp(route, {
      rest: {
        '/video/:videoId': () => {
          throw new ApiError(404, 'NOT_FOUND', 'No video');
        },
      },
    });
    expect(await screen.findByText('This video does not exist (any more).')).toBeInTheDocument();
  });
});

const noComments = { comments: [], total: 0, isGuestAllowedToCommentAlbum: false };
const comment = (id: number) => ({
  id,
  text: `Comment ${id}`,
  created: '2026-11-20T10:00:00.000Z',
  guestName: `Fan ${id}`,
});

/** The album's comments page that `/gallery/getComments` answers from `list` as it is when it answers. */
const commentsPage = (list: ReturnType<typeof comment>[], query: unknown) => {
  const { limit, offset } = query as { limit: number; offset: number };
  return { comments: list.slice(offset, offset + limit), total: list.length, isGuestAllowedToCommentAlbum: true };
};

describe('album ratings and comments', () => {
  const route = { name: 'albumDetails' as const, args: { actorName: 'lena', albumId: '3' } };

  test("shows the server's trail of the album's breadcrumb type", async () => {
    renderApp(route, {
      rest: { '/gallery/open': () => makeAlbum(3), '/gallery/getComments': () => noComments, ...breadcrumbFixture() },
    });
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByText('actorAlbumDetails {"actorName":"lena","albumId":"3"}')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(trail.getByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
  });

  test('visitors are asked to log in to rate or comment', async () => {
    const { platform } = renderApp(route, {
      rest: { '/gallery/open': () => makeAlbum(3), '/gallery/getComments': () => noComments },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Like (5)' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(await screen.findByText('Log in to rate and comment on this album.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  test('a like shows the counters the server answers', async () => {
    renderApp(route, {
      loggedIn: true,
      rest: {
        '/gallery/open': () => makeAlbum(3),
        '/gallery/getComments': () => noComments,
        '/gallery/setGuestRating': (input) => {
          expect(input.body).toEqual({ albumId: 3, guestRating: 5 });
          return {
            success: true,
            albumTotalViews: 121,
            guestRatingLikes: 6,
            guestRatingDislikes: 1,
            isLiked: true,
            isDisliked: false,
          };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Like (5)' }));
    expect(await screen.findByRole('button', { name: 'Like (6)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Dislike (1)' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('comments load five at a time; posting one adds it and closes the form', async () => {
    const all = Array.from({ length: 7 }, (_, i) => comment(i + 1));
    renderApp(route, {
      loggedIn: true,
      rest: {
        '/gallery/open': () => makeAlbum(3),
        '/gallery/getComments': (input) => commentsPage(all, input.query),
        '/gallery/postComment': (input) => {
          expect(input.body).toEqual({ albumId: 3, commentText: 'So pretty' });
          return {
            success: true,
            comment: { ...comment(8), text: 'So pretty', guestName: 'Tester' },
            commentsTotal: 8,
            isGuestAllowedToCommentAlbum: false,
          };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: '7 comments' })).toBeInTheDocument();
    expect(screen.getAllByText(/^Comment \d$/)).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(screen.getAllByText(/^Comment \d$/)).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'So pretty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('heading', { name: '8 comments' })).toBeInTheDocument();
    expect(screen.getByText('So pretty', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  test('a comment posted while the next page loads shows once, and so does the comment that page repeats', async () => {
    const list = Array.from({ length: 7 }, (_, i) => comment(i + 1));
    let answerNextPage = () => {};
    renderApp(route, {
      loggedIn: true,
      rest: {
        '/gallery/open': () => makeAlbum(3),
        '/gallery/getComments': (input) => {
          const { offset } = input.query as unknown as { offset: number };
          const page = () => commentsPage(list, input.query);
          // The next page answers after the post: the new comment shifts the list by one.
          return offset === 0 ? page() : new Promise((resolve) => (answerNextPage = () => resolve(page())));
        },
        '/gallery/postComment': () => {
          list.unshift({ ...comment(8), text: 'So pretty', guestName: 'Tester' });
          return { success: true, comment: list[0], commentsTotal: list.length, isGuestAllowedToCommentAlbum: false };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: '7 comments' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'So pretty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('heading', { name: '8 comments' })).toBeInTheDocument();
    answerNextPage();
    await waitFor(() => expect(screen.getByText('Comment 7')).toBeInTheDocument());
    expect(screen.getAllByText(/^Comment \d$/).map((shown) => shown.textContent)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((id) => `Comment ${id}`),
    );
    expect(screen.getAllByText('So pretty', { selector: 'p' })).toHaveLength(1);
  });
});

describe('album page and media library', () => {
  test('an album shows its pictures as lazy images with their size', async () => {
    renderApp(
      { name: 'albumDetails', args: { actorName: 'lena', albumId: '3' } },
      { language: 'es', rest: { '/gallery/open': () => makeAlbum(3), '/gallery/getComments': () => noComments } },
    );
    const pictures = await screen.findByRole('list', { name: 'Fotos' });
    const images = within(pictures).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '640');
    expect(images[0]).toHaveAttribute('height', '480');
    expect(screen.getByRole('link', { name: 'Lena' })).toHaveAttribute(
      'href',
      routeHref('actorPictures', { actorName: 'lena' }, 'es'),
    );
  });

  test('anonymous visitors get a login prompt in the mediathek', async () => {
    const { platform } = renderApp({ name: 'mediathek' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    // Nothing of the guest's is asked for; only the page's incentives, as for every page.
    expect(platform.restCalls.map((call) => call.path)).toEqual([conversionEndpoints.pageLoad.path]);
  });

  test('a page shows the inPage incentive the operator defined for its route; closed, it goes at once', async () => {
    const { platform } = renderApp(
      { name: 'videos' },
      { rest: { [GRID]: gridHandler(3).handler, ...inPageIncentiveFixture() } },
    );
    await expectClosableInPageIncentive(platform, 'videos');
  });

  const totals = (purchased: number, archived: number) => ({
    VIDEO: { PURCHASED: purchased, PINNED: 1, ARCHIVED: archived },
    PHOTO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
    chatClips: 0,
  });
  const noTotals = () => totals(0, 0);

  test('a guest sees the library, still empty, and after logging in it loads', async () => {
    const { platform } = renderApp(
      { name: 'mediathekPhotos' },
      {
        language: 'nl',
        rest: {
          '/mediathek/items': () => ({ items: [], total: 0, page: 1, pageSize: 30 }),
          '/mediathek/totals': noTotals,
          '/gallery/getPinnedPhotos': () => ({ items: [], total: 0, page: 1, pageSize: 30 }),
        },
      },
    );
    expect(screen.getByText("Log in om je video's en foto's te zien.")).toBeInTheDocument();
    act(() => platform.setGuest({ flags: { loggedIn: true } }));
    expect(await screen.findByText('Je mediatheek is nog leeg')).toBeInTheDocument();
    expect(platform.restCalls.find((c) => c.path === '/mediathek/items')?.input).toEqual({
      query: { mediaType: 'PHOTO', sourceType: 'PURCHASED', page: 1, pageSize: 30 },
    });
    expect(screen.getByRole('link', { name: "Video's bekijken" })).toHaveAttribute(
      'href',
      routeHref('videos', {}, 'nl'),
    );
  });

  test('tabs with totals, the origin filter, and archiving that clears the cached answers', async () => {
    let archived = false;
    const item = (source: 'PURCHASED' | 'ARCHIVED') => ({
      mediaId: 5,
      mediaType: 'VIDEO' as const,
      source,
      origin: 'SHOP' as const,
      addedAt: '2026-11-21T10:00:00.000Z',
      video: makeVideo(5, { title: 'Beach Day', guestInfo: { ...makeVideo(5).guestInfo, bought: true } }),
      album: null,
    });
    const { platform } = renderApp(
      { name: 'mediathek' },
      {
        loggedIn: true,
        rest: {
          '/mediathek/totals': () => (archived ? totals(0, 1) : totals(1, 0)),
          '/mediathek/items': (input) => {
            const { sourceType, originType } = input.query as unknown as { sourceType: string; originType?: string };
            const items =
              originType === 'CHATCLIP'
                ? []
                : sourceType === 'ARCHIVED' && archived
                  ? [item('ARCHIVED')]
                  : sourceType === 'PURCHASED' && !archived
                    ? [item('PURCHASED')]
                    : [];
            return { items, total: items.length, page: 1, pageSize: 30 };
          },
          '/mediathek/archive': (input) => {
            expect(input.body).toEqual({ mediaType: 'VIDEO', mediaId: 5, archived: true });
            archived = true;
            return { success: true, totals: totals(0, 1) };
          },
        },
      },
    );
    expect(await screen.findByRole('button', { name: 'Shop (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Pinned (1)' })).toBeInTheDocument();
    const shop = await screen.findByRole('list', { name: 'Shop' });
    expect(within(shop).getByRole('link', { name: /Beach Day/ })).toHaveAttribute(
      'href',
      routeHref('videoDetails', { actorName: 'lena', videoId: '5' }),
    );

    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: 'CHATCLIP' } });
    await waitFor(() =>
      expect(platform.restCalls.at(-1)?.input).toMatchObject({ query: { originType: 'CHATCLIP', page: 1 } }),
    );
    expect(await screen.findByText('Your library is still empty')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: '' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Archive (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Your library is still empty')).toBeInTheDocument();
    expect(platform.toasts).toContainEqual({ message: 'Moved to the archive.', kind: 'success' });
    fireEvent.click(screen.getByRole('button', { name: 'Archive (1)' }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  test('an album page buys the album by its own id and pins it as a photo album', async () => {
    const { platform } = renderApp(
      { name: 'albumDetails', args: { actorName: 'lena', albumId: '3' } },
      {
        loggedIn: true,
        rest: {
          '/gallery/open': () => makeAlbum(3),
          '/gallery/getComments': () => noComments,
          '/album/:albumId/buy': () => ({
            success: true,
            charged: true,
            guestBalance: 0,
            guestBalanceFormatted: '0\u00a0VXC',
          }),
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('In your library')).toBeInTheDocument();
    expect(platform.restCalls.find((c) => c.path === '/album/:albumId/buy')?.input).toMatchObject({
      params: { albumId: 3 },
      query: { mediaType: 'PHOTO' },
      body: { price: 499 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pin to my library' }));
    expect(platform.sent).toEqual([{ type: 'favoritePinAlbum', albumId: 3, mediaType: 'PHOTO' }]);
  });
});
