import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chatEndpoints, ticketChatListQuery, type RouteArgs, type RouteName } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import {
  breadcrumbFixture,
  createMockPlatform,
  expectClosableInPageIncentive,
  inPageIncentiveFixture,
  renderWithPlatform,
  restCallsTo,
  restFixture,
  type MockPlatformOptions,
} from '@velvet/testing';
import { ChatApp } from './ChatApp';
import { locales } from './locales';
import { actorItem, actorProfile, listPage } from './test/fixtures';

/** The profile's overview asks for her planned shows; none unless a test says otherwise. */
const noTickets: MockPlatformOptions['query'] = (operation) => {
  if (operation.document === ticketChatListQuery.document) return { ticketChatList: [] };
  throw new Error(`unexpected query ${operation.document.slice(0, 40)}`);
};

function renderApp(options: MockPlatformOptions) {
  const platform = createMockPlatform({ query: noTickets, ...options });
  return renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
}

describe('performer lists', () => {
  it('shows the free chat list as tiles with lazy images and the chat price or free label', async () => {
    const { platform } = renderApp({
      route: { name: 'freeChat' },
      rest: {
        [chatEndpoints.actorList.path]: () =>
          listPage(
            [
              actorItem(1, { freeChat: true, chatButton: { ...actorItem(1).chatButton, freeChat: true } }),
              actorItem(2),
            ],
            { kind: 'free-chat' },
          ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Free chat' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Free chat' });
    const images = within(grid).getAllByRole('img');
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '320');
      expect(image).toHaveAttribute('height', '320');
    }
    const [free, paid] = within(grid).getAllByRole('listitem');
    expect(within(free!).getByText('Free')).toBeInTheDocument();
    expect(within(paid!).getByText('6 VXC')).toBeInTheDocument();
    expect(within(paid!).getByText('/min')).toBeInTheDocument();
    expect(within(paid!).getAllByRole('link')[0]).toHaveAttribute('href', '/en/amateur/performer2/');
    expect(restCallsTo(platform, chatEndpoints.actorList)).toEqual([
      { params: { kind: 'free-chat' }, query: { page: 1, pageSize: 30 } },
    ]);
  });

  it('pages through a long list', async () => {
    const { platform } = renderApp({
      route: { name: 'newGirls' },
      rest: restFixture(chatEndpoints.actorList, ({ query }) =>
        listPage([actorItem(query.page * 100)], { page: query.page, total: 65 }),
      ),
    });
    await screen.findByText('Performer100');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Performer200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatEndpoints.actorList).map((input) => input?.query.page)).toEqual([1, 2]);
  });

  it('updates the online state of a tile from socket pushes', async () => {
    const { platform, container } = renderApp({
      route: { name: 'freeChat' },
      rest: { [chatEndpoints.actorList.path]: () => listPage([actorItem(1), actorItem(2)]) },
    });
    await screen.findByText('Performer1');
    const tile = () => container.querySelector('[data-actor-id="1"]')!;
    expect(tile()).toHaveAttribute('data-online', 'true');
    // A push edits the cached list; the cache tells the page on its next tick.
    act(() => platform.emit({ type: 'actorOffline', actorId: 1, actorName: 'performer1' }));
    await waitFor(() => expect(tile()).toHaveAttribute('data-online', 'false'));
    expect(within(tile() as HTMLElement).getAllByText('Offline').length).toBeGreaterThan(0);
    act(() => platform.emit({ type: 'actorOnline', actorId: 1, actorName: 'performer1' }));
    await waitFor(() => expect(tile()).toHaveAttribute('data-online', 'true'));
  });

  it('lists a category by its slug under the category name', async () => {
    const { platform } = renderApp({
      route: { name: 'category', args: { categorySlug: 'couples' } },
      rest: {
        [chatEndpoints.actorList.path]: () =>
          listPage([actorItem(5)], {
            kind: 'category',
            category: {
              id: 13,
              slug: 'couples',
              name: 'Couples',
              actorCount: 1,
              onlineCount: 1,
              preview: { id: 13, url: '/media/categories/couples.webp', width: 320, height: 320 },
            },
          }),
        ...breadcrumbFixture(),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Couples' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatEndpoints.actorList)[0]?.query.category).toBe('couples');
    // The server's trail of the category.
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByText('category {"categorySlug":"couples"}')).toHaveAttribute('aria-current', 'page');
    expect(trail.getByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
  });

  it('shows an empty list, and an error with a retry that loads again', async () => {
    let fail = true;
    renderApp({
      route: { name: 'newGirls' },
      rest: {
        [chatEndpoints.actorList.path]: () => {
          if (fail) throw new Error('network down');
          return listPage([], { kind: 'new-girls' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No new performers at the moment.')).toBeInTheDocument();
  });

  it('speaks the visitor language', async () => {
    renderApp({
      language: 'de',
      route: { name: 'freeChat' },
      rest: { [chatEndpoints.actorList.path]: () => listPage([actorItem(1)]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gratis-Chat' })).toBeInTheDocument();
    expect(await screen.findByText('6 VXC')).toBeInTheDocument();
    expect(screen.getByText('/Min.')).toBeInTheDocument();
  });
});

describe('categories page', () => {
  it('links every category to its list', async () => {
    renderApp({
      route: { name: 'categories' },
      language: 'es',
      rest: {
        [chatEndpoints.categories.path]: () => ({
          categories: [
            {
              id: 13,
              slug: 'couples',
              name: 'Parejas',
              actorCount: 4,
              onlineCount: 1,
              preview: { id: 13, url: '/media/c.webp', width: 320, height: 320 },
            },
          ],
        }),
        ...breadcrumbFixture(),
      },
    });
    expect(
      await within(screen.getByRole('navigation', { name: 'Ruta de navegación' })).findByText('categories {}'),
    ).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorías' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Parejas/ })).toHaveAttribute('href', '/es/categorias/couples/');
    expect(screen.getByText('1 en línea · 4 chicas')).toBeInTheDocument();
  });
});

describe('actor profile', () => {
  const rest = (profile = actorProfile()) => ({ [chatEndpoints.actorData.path]: () => profile });

  it('shows the profile to an anonymous visitor with a login prompt for the favourite pin, and the chat button leads to the chat', async () => {
    const { platform } = renderApp({ route: { name: 'actorProfile', args: { actorName: 'Lena' } }, rest: rest() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatEndpoints.actorData)[0]).toEqual({ params: { actorIdOrName: 'Lena' }, query: {} });
    expect(screen.getByText('4.6 ★ from 120 ratings', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Pictures of Lena' }).querySelectorAll('img[loading="lazy"]')).toHaveLength(
      4,
    );
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Log in to pin Lena as a favourite.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    // Logging in for a chat, or watching the free preview, is the chat page's business.
    const chat = screen.getByRole('link', { name: /^Chat now ?: Lena\b/ });
    expect(chat).toHaveAttribute('href', '/en/amateur/lena/chat/');
    expect(chat).toHaveTextContent('6 VXC/min');
    fireEvent.click(chat);
    expect(platform.navigations).toEqual([{ name: 'actorChat', args: { actorName: 'lena' } }]);
    expect(platform.sent).toEqual([]);
  });

  it('hides a rating with fewer than 10 ratings', async () => {
    renderApp({
      route: { name: 'actorProfile', args: { actorName: 'lena' } },
      rest: rest(actorProfile({ rating: null, topCamRank: null })),
    });
    expect(await screen.findByText('Not enough ratings yet', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/★/)).toBeNull();
  });

  it('pins and unpins a favourite for a logged-in guest over the socket', async () => {
    const { platform } = renderApp({
      loggedIn: true,
      route: { name: 'actorProfile', args: { actorName: 'lena' } },
      rest: rest(),
    });
    const pin = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(screen.getByText('41 fans', { exact: false })).toBeInTheDocument();
    fireEvent.click(pin);
    expect(platform.sent).toEqual([{ type: 'favoritePinActor', actorId: 7 }]);
    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('42 fans', { exact: false })).toBeInTheDocument();
    // The server's answer wins: here another tab unpinned her meanwhile.
    act(() => platform.emit({ type: 'favoriteActors', actorIds: [] }));
    expect(await screen.findByRole('button', { name: 'Add to favourites' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders the messenger widget in the header and the media and feed widgets for their sub-pages', async () => {
    const { platform } = renderApp({
      route: { name: 'actorClassicVideos', args: { actorName: 'lena' } },
      rest: rest(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Lena' });
    expect(screen.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    expect(platform.renderedSlots).toEqual([
      { slot: 'actorProfile.message', props: { actorId: 7, actorName: 'lena' }, mounted: true },
      { slot: 'actorProfile.videos', props: { actorId: 7, actorName: 'lena', classic: true }, mounted: true },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Pictures' }));
    await waitFor(() =>
      expect(platform.renderedSlots.map((s) => [s.slot, s.mounted])).toEqual([
        ['actorProfile.message', true],
        ['actorProfile.videos', false],
        ['actorProfile.pictures', true],
      ]),
    );
    expect(platform.navigations).toEqual([{ name: 'actorPictures', args: { actorName: 'lena' } }]);
    fireEvent.click(screen.getByRole('link', { name: 'Feed' }));
    await waitFor(() =>
      expect(platform.renderedSlots.map((s) => [s.slot, s.mounted])).toEqual([
        ['actorProfile.message', true],
        ['actorProfile.videos', false],
        ['actorProfile.pictures', false],
        ['actorProfile.feed', true],
      ]),
    );
    expect(platform.renderedSlots.at(-1)?.props).toEqual({ actorId: 7, actorName: 'lena' });
    expect(platform.navigations.at(-1)).toEqual({ name: 'actorFeed', args: { actorName: 'lena' } });
  });

  it('says so when no remote fills the videos slot', async () => {
    renderApp({ route: { name: 'actorVideos', args: { actorName: 'lena' } }, rest: rest(), filledSlots: [] });
    expect(await screen.findByText('Videos cannot be shown right now')).toBeInTheDocument();
  });

  it('shows the about-me page with prices, the live show and the top cams rank', async () => {
    const { platform } = renderApp({
      route: { name: 'actorAbout', args: { actorName: 'lena' } },
      rest: rest(),
      query: () => ({ ticketChatList: [] }),
    });
    expect(await screen.findByRole('heading', { name: 'About Lena' })).toBeInTheDocument();
    expect(screen.getByText('Hi, I am Lena from Berlin.')).toBeInTheDocument();
    expect(screen.getByText('Voyeur chat')).toBeInTheDocument();
    act(() => platform.router.navigate('actorLiveShow', { actorName: 'lena' }));
    expect(await screen.findByText('Lena has no live show planned.')).toBeInTheDocument();
    act(() => platform.router.navigate('actorTopCams', { actorName: 'lena' }));
    expect(await screen.findByText('Lena is number 3 of the top cams')).toBeInTheDocument();
    expect(screen.getByText('92 % satisfied guests')).toBeInTheDocument();
  });

  it('follows the performer going off line', async () => {
    const { platform } = renderApp({ route: { name: 'actorProfile', args: { actorName: 'lena' } }, rest: rest() });
    await screen.findByRole('heading', { level: 1, name: 'Lena' });
    act(() => platform.emit({ type: 'actorOffline', actorId: 7, actorName: 'lena' }));
    expect((await screen.findAllByText('Offline')).length).toBeGreaterThan(0);
    act(() => platform.emit({ type: 'actorOffline', actorId: 8, actorName: 'other' }));
  });

  it('shows an unknown performer as an error', async () => {
    renderApp({
      route: { name: 'actorProfile', args: { actorName: 'nobody' } },
      rest: {
        [chatEndpoints.actorData.path]: () => {
          throw new Error('404');
        },
      },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('says so when the server does not know the performer, without asking again', async () => {
    const { platform } = renderApp({
      route: { name: 'actorProfile', args: { actorName: 'nobody' } },
      rest: {
        [chatEndpoints.actorData.path]: () => {
          throw new ApiError(404, 'NOT_FOUND', 'No performer nobody');
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatEndpoints.actorData)).toHaveLength(1);
  });
});

describe('inPage incentive', () => {
  it.each<{ name: RouteName; args: RouteArgs; rest: MockPlatformOptions['rest'] }>([
    { name: 'newGirls', args: {}, rest: { [chatEndpoints.actorList.path]: () => listPage([actorItem(1)]) } },
    {
      name: 'actorProfile',
      args: { actorName: 'lena' },
      rest: { [chatEndpoints.actorData.path]: () => actorProfile() },
    },
  ])('shows the one the operator defined for $name above the page; closed, it goes at once', async (page) => {
    const { platform } = renderApp({
      route: { name: page.name, args: page.args },
      rest: { ...page.rest, ...inPageIncentiveFixture() },
    });
    await expectClosableInPageIncentive(platform, page.name);
  });
});
