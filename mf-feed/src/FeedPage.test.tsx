import { act, fireEvent, screen, within } from '@testing-library/react';
import { feedOperations, type FeedPost, type FeedVariables, type GraphqlOperation } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, routeHref, type MockPlatformOptions } from '@velvet/testing';
import { FeedPage } from './FeedPage';
import { FeedWidget } from './FeedWidget';
import { postFixture } from './fixtures';
import { locales } from './locales';

const PAID = postFixture(2, {
  paidContent: true,
  priceCoins: 15,
  photoCount: 3,
  photos: [
    { id: '2-teaser', url: '/media/feed/posts/2/teaser.webp', srcSet: '', width: 480, height: 600, avsRequired: false },
  ],
});

/** A feed service over 15 posts: pages by cursor (the post id), likes and follows. */
/** Post 3 as the server answers it to a guest who is not verified: its rated photo only as the blurred variant. */
const AGE_GATED = postFixture(3, {
  photos: [
    { id: '3-1', url: '/media/feed/posts/3/photo-0.blur.webp', srcSet: '', width: 480, height: 600, avsRequired: true },
  ],
});

function feedService(options: { likeError?: ApiError; verified?: () => boolean } = {}) {
  const posts: FeedPost[] = Array.from({ length: 15 }, (_, index) => (index + 1 === 2 ? PAID : postFixture(index + 1)));
  const answered = (post: FeedPost) => (post.id === '3' && !(options.verified?.() ?? true) ? AGE_GATED : post);
  const calls: { operation: GraphqlOperation<unknown, Record<string, unknown>>; variables: Record<string, unknown> }[] =
    [];
  const handler: NonNullable<MockPlatformOptions['feed']> = (operation, variables) => {
    calls.push({ operation, variables });
    if (operation === feedOperations.feed) {
      const { first = 12, after, follows } = variables as FeedVariables;
      const source = follows ? posts.filter((post) => post.guestState.following) : posts;
      const start = after ? source.findIndex((post) => post.id === after) + 1 : 0;
      const nodes = source.slice(start, start + first).map(answered);
      return {
        feed: {
          totalCount: source.length,
          nodes,
          pageInfo: { endCursor: nodes.at(-1)?.id ?? null, hasNextPage: start + first < source.length },
        },
      };
    }
    if (operation === feedOperations.likePost) {
      if (options.likeError) throw options.likeError;
      const post = posts.find((candidate) => candidate.id === variables['postId'])!;
      return { likePost: { ...post, likes: post.likes + 1, guestState: { ...post.guestState, liked: true } } };
    }
    if (operation === feedOperations.followModel)
      return { followModel: posts.find((post) => post.model.id === variables['modelId'])!.model };
    throw new Error('unexpected operation');
  };
  return { handler, calls };
}

function renderFeed(options: MockPlatformOptions = {}, service = feedService()) {
  const platform = createMockPlatform({ route: { name: 'feed' }, feed: service.handler, ...options });
  return { ...renderWithPlatform(<FeedPage />, { platform, remote: 'mf-feed', locales }), service };
}

const postList = () => screen.getByRole('list', { name: 'All posts' });

describe('feed page', () => {
  it('shows the newest posts with lazy pictures and pages on with first/after', async () => {
    const { service } = renderFeed();
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    expect(within(postList()).getAllByRole('article')).toHaveLength(12);
    const photo = screen.getByRole('img', { name: 'Post 1, photo 1' });
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '480');
    expect(screen.getAllByRole('link', { name: 'Model1' })[0]).toHaveAttribute(
      'href',
      routeHref('actorProfile', { actorName: 'Model1' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more (12 of 15)' }));
    expect(await screen.findByRole('heading', { name: 'Post 15' })).toBeInTheDocument();
    expect(within(postList()).getAllByRole('article')).toHaveLength(15);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(service.calls.map((call) => call.variables['after'] ?? null)).toEqual([null, '12']);
  });

  it('names the performer without a link while the profile page is not served (its remote is off)', async () => {
    renderFeed({ offRoutes: ['actorProfile'] });
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Model1' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Model1').length).toBeGreaterThan(0);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    window.IntersectionObserver = class {
      constructor(readonly callback: IntersectionObserverCallback) {
        observed.push({ callback });
      }
      observe(target: Element) {
        observed.at(-1)!.target = target;
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      renderFeed();
      await screen.findByRole('heading', { name: 'Post 1' });
      const end = observed.at(-1)!;
      act(() =>
        end.callback(
          [{ isIntersecting: true, target: end.target! } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(await screen.findByRole('heading', { name: 'Post 15' })).toBeInTheDocument();
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('shows paid posts locked behind their teaser with the price', async () => {
    renderFeed();
    const paid = (await screen.findByRole('heading', { name: 'Post 2' })).closest('article')!;
    expect(within(paid).getByText('Exclusive post · 15 VXC')).toBeInTheDocument();
    expect(within(paid).getByText('3 photos')).toBeInTheDocument();
    expect(within(paid).getByRole('img', { name: 'Blurred preview of an exclusive post' })).toHaveAttribute(
      'src',
      '/media/feed/posts/2/teaser.webp',
    );
  });

  it('shows rated pictures blurred with the age check to a guest not verified, and loads them again once verified', async () => {
    let verified = false;
    const service = feedService({ verified: () => verified });
    const { platform } = renderFeed({ loggedIn: true, language: 'de' }, service);
    const rated = (await screen.findByRole('heading', { name: 'Post 3' })).closest('article')!;
    const gate = within(rated).getByTestId('feed-age-gate');
    expect(gate).toHaveTextContent('Diese Bilder sind ab 18. Bestätige dein Alter, um sie zu sehen.');
    expect(within(gate).getByRole('img', { name: 'Unscharfe Vorschau eines Bildes ab 18' })).toHaveAttribute(
      'src',
      '/media/feed/posts/3/photo-0.blur.webp',
    );
    // the other posts are not gated
    const free = screen.getByRole('heading', { name: 'Post 1' }).closest('article')!;
    expect(within(free).queryByTestId('feed-age-gate')).toBeNull();
    fireEvent.click(within(gate).getByRole('button', { name: 'Alter bestätigen' }));
    expect(platform.openedFlows).toEqual(['ageCheck']);

    // the verification (avsSet updates the session's flags) loads the feed again, now with the pictures
    verified = true;
    act(() => platform.setGuest({ flags: { avs: true } }));
    expect(await screen.findByRole('img', { name: 'Post 3, Foto 1' })).toHaveAttribute(
      'src',
      '/media/feed/posts/3/photo-0.webp',
    );
    expect(screen.queryByTestId('feed-age-gate')).toBeNull();
  });

  it('asks anonymous visitors to log in instead of liking', async () => {
    const { platform, service } = renderFeed();
    await screen.findByRole('heading', { name: 'Post 1' });
    fireEvent.click(screen.getAllByRole('button', { name: '♥ 5 likes' })[0]!);
    expect(platform.openedFlows).toEqual(['login']);
    expect(service.calls.some((call) => call.operation === feedOperations.likePost)).toBe(false);
  });

  it('likes a post for a logged-in guest', async () => {
    renderFeed({ loggedIn: true });
    const first = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    fireEvent.click(within(first).getByRole('button', { name: '♥ 5 likes' }));
    expect(await within(first).findByRole('button', { name: '♥ 6 likes' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the login when the service says the session needs one', async () => {
    const { platform } = renderFeed(
      { loggedIn: true },
      feedService({ likeError: new ApiError(401, 'LOGIN_REQUIRED', 'Please log in first') }),
    );
    const first = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    fireEvent.click(within(first).getByRole('button', { name: '♥ 5 likes' }));
    await screen.findByRole('heading', { name: 'Post 1' });
    expect(platform.openedFlows).toEqual(['login']);
  });

  it('shows a login prompt on the favourites tab for anonymous visitors', async () => {
    const { platform, service } = renderFeed();
    await screen.findByRole('heading', { name: 'Post 1' });
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(service.calls.some((call) => call.variables['follows'])).toBe(false);
  });

  it('shows the posts of followed models on the favourites tab', async () => {
    const { service } = renderFeed({ loggedIn: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(await screen.findByText(/No posts from your favourites yet/)).toBeInTheDocument();
    expect(service.calls.at(-1)?.variables).toMatchObject({ follows: true });
  });

  it('follows a model: every post of hers shows it', async () => {
    renderFeed({ loggedIn: true });
    const first = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Follow' }));
    expect(await within(first).findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    const sameModel = screen.getByRole('heading', { name: 'Post 4' }).closest('article')!;
    expect(within(sameModel).getByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    renderFeed({ language: 'de' });
    expect(await screen.findByRole('button', { name: 'Mehr laden (12 von 15)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Favoriten' })).toBeInTheDocument();
  });
});

describe('home.Feed widget', () => {
  it('shows the three newest posts and links to the feed', async () => {
    const service = feedService();
    const platform = createMockPlatform({ feed: service.handler });
    renderWithPlatform(<FeedWidget />, { platform, remote: 'mf-feed', locales });
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the feed' })).toHaveAttribute('href', routeHref('feed'));
  });
});
