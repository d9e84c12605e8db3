import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { feedOperations, type FeedPost, type FeedVariables, type GraphqlOperation } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import {
  createMockPlatform,
  expectClosableInPageIncentive,
  inPageIncentiveFixture,
  renderWithPlatform,
  routeHref,
  type MockPlatformOptions,
} from '@velvet/testing';
import { FeedPage } from './FeedPage';
import { FeedWidget, ProfileFeedWidget } from './FeedWidget';
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

/** Post 5 has a tipping goal of 100 coins with 40 tipped. */
const GOAL = postFixture(5, {
  tippingGoal: { goalCoins: 100, tipsSumCoins: 40, progressPercent: 40, achieved: false },
});

/** Post 6 has a comment its author deleted, kept as a placeholder for another guest's reply. */
const reply = {
  id: '61',
  conversationId: '60',
  parentId: '60',
  created: '2026-01-01T10:00:00.000Z',
  isCreator: false,
  tipped: false,
  text: 'Still here',
  isReplyToReply: false,
  deleted: false,
  user: { id: 'guest-2', name: 'Bert' },
};
const THREAD = postFixture(6, {
  comments: {
    totalCount: 1,
    nodes: [
      {
        ...reply,
        id: '60',
        conversationId: '60',
        parentId: null,
        text: '',
        deleted: true,
        user: null,
        replies: [reply],
      },
    ],
  },
});

function feedService(options: { likeError?: ApiError; buyError?: ApiError; verified?: () => boolean } = {}) {
  const posts: FeedPost[] = Array.from({ length: 15 }, (_, index) =>
    index + 1 === 2 ? PAID : index + 1 === 5 ? GOAL : index + 1 === 6 ? THREAD : postFixture(index + 1),
  );
  const replace = (post: FeedPost) =>
    posts.splice(
      posts.findIndex((shown) => shown.id === post.id),
      1,
      post,
    ) && post;
  const byId = (id: unknown) => posts.find((candidate) => candidate.id === id)!;
  const answered = (post: FeedPost) => (post.id === '3' && !(options.verified?.() ?? true) ? AGE_GATED : post);
  const calls: { operation: GraphqlOperation<unknown, Record<string, unknown>>; variables: Record<string, unknown> }[] =
    [];
  const handler: NonNullable<MockPlatformOptions['feed']> = (operation, variables) => {
    calls.push({ operation, variables });
    if (operation === feedOperations.feed) {
      const { first = 12, after, follows, modelId } = variables as FeedVariables;
      const source = posts.filter(
        (post) => (!follows || post.guestState.following) && (!modelId || post.model.id === modelId),
      );
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
    if (operation === feedOperations.buyPost) {
      if (options.buyError) throw options.buyError;
      const post = byId(variables['postId']);
      const photos = [0, 1, 2].map((index) => ({
        id: `2-${index}`,
        url: `/media/feed/posts/2/photo-${index}.webp`,
        srcSet: `/media/feed/posts/2/photo-${index}.webp 480w`,
        width: 480,
        height: 600,
        avsRequired: false,
      }));
      return { buyPost: replace({ ...post, photos, guestState: { ...post.guestState, bought: true } }) };
    }
    if (operation === feedOperations.tipPost) {
      const post = byId(variables['postId']);
      const tipsSumCoins = post.tippingGoal!.tipsSumCoins + (variables['amountCoins'] as number);
      const tippingGoal = { ...post.tippingGoal!, tipsSumCoins, progressPercent: tipsSumCoins };
      return { tipPost: replace({ ...post, tippingGoal }) };
    }
    if (operation === feedOperations.commentPost) {
      const post = byId(variables['postId']);
      const comment = {
        id: 'c1',
        conversationId: 'c1',
        parentId: null,
        created: '2026-11-02T10:00:00.000Z',
        isCreator: false,
        tipped: false,
        text: variables['text'] as string,
        isReplyToReply: false,
        deleted: false,
        user: { id: 'guest-1', name: 'Me' },
        replies: [],
      };
      return { commentPost: replace({ ...post, comments: { totalCount: 1, nodes: [comment] } }) };
    }
    if (operation === feedOperations.deleteComment) {
      const post = posts.find((candidate) => candidate.comments.nodes.some((c) => c.id === variables['commentId']))!;
      return { deleteComment: replace({ ...post, comments: { totalCount: 0, nodes: [] } }) };
    }
    if (operation === feedOperations.viewedPost || operation === feedOperations.post) {
      const post = byId(variables['postId'] ?? variables['id']) ?? null;
      return operation === feedOperations.post ? { post } : { viewedPost: post };
    }
    if (operation === feedOperations.totals) {
      const totals = {
        totalCount: 15,
        clips: 4,
        photos: 9,
        texts: 2,
        liked: 1,
        commented: 0,
        boughtPhotos: 1,
        boughtClips: 1,
      };
      return { totals };
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
    const pages = service.calls.filter((call) => call.operation === feedOperations.feed);
    expect(pages.map((call) => call.variables['after'] ?? null)).toEqual([null, '12']);
  });

  it("shows the inPage incentive the operator defined for the page's route; closed, it goes at once", async () => {
    const { platform } = renderFeed({ rest: inPageIncentiveFixture() });
    await expectClosableInPageIncentive(platform, 'feed');
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

  it('buys a paid post: its pictures replace the teaser', async () => {
    const { platform, service } = renderFeed({ loggedIn: true });
    const paid = (await screen.findByRole('heading', { name: 'Post 2' })).closest('article')!;
    fireEvent.click(within(paid).getByRole('button', { name: /^Unlock for 15\sVXC$/ }));
    expect(await within(paid).findByRole('img', { name: 'Post 2, photo 3' })).toHaveAttribute(
      'src',
      '/media/feed/posts/2/photo-2.webp',
    );
    expect(within(paid).queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(service.calls.filter((call) => call.operation === feedOperations.buyPost)).toHaveLength(1);
    expect(platform.toasts).toEqual([{ message: 'Post unlocked. Enjoy!', kind: 'success' }]);
  });

  it('opens the money charge when the coins do not cover a purchase', async () => {
    const { platform } = renderFeed(
      { loggedIn: true },
      feedService({ buyError: new ApiError(402, 'INSUFFICIENT_FUNDS', 'Your balance is too low for this') }),
    );
    const paid = (await screen.findByRole('heading', { name: 'Post 2' })).closest('article')!;
    fireEvent.click(within(paid).getByRole('button', { name: /^Unlock for 15\sVXC$/ }));
    await screen.findByRole('heading', { name: 'Post 2' });
    await act(async () => {});
    expect(platform.openedFlows).toEqual(['moneyCharge']);
    expect(within(paid).getByText('Exclusive post · 15 VXC')).toBeInTheDocument();
  });

  it('tips a post and moves its goal, also when a tip of someone else is pushed', async () => {
    const { platform, service } = renderFeed({ loggedIn: true });
    const goal = (await screen.findByRole('heading', { name: 'Post 5' })).closest('article')!;
    expect(within(goal).getByText('Tipping goal: 40 VXC of 100 VXC')).toBeInTheDocument();
    fireEvent.click(within(goal).getByText('Tip', { selector: 'summary' }));
    fireEvent.click(within(goal).getByRole('button', { name: /^Tip 10\sVXC$/ }));
    expect(await within(goal).findByText('Tipping goal: 50 VXC of 100 VXC')).toBeInTheDocument();
    const tip = service.calls.find((call) => call.operation === feedOperations.tipPost)!;
    expect(tip.variables).toMatchObject({ postId: '5', amountCoins: 10 });
    expect(tip.variables['operationKey']).toEqual(expect.any(String));
    // a second tip is a new attempt with a key of its own, so the server books it rather than replaying the first
    fireEvent.click(within(goal).getByRole('button', { name: /^Tip 10\sVXC$/ }));
    expect(await within(goal).findByText('Tipping goal: 60 VXC of 100 VXC')).toBeInTheDocument();
    const keys = service.calls
      .filter((call) => call.operation === feedOperations.tipPost)
      .map((call) => call.variables['operationKey']);
    expect(new Set(keys).size).toBe(2);
    const pushed = (tipsSumCoins: number) =>
      act(() =>
        platform.emit({
          type: 'feedTippingGoal',
          postId: '5',
          tippingGoal: {
            goalCoins: 100,
            tipsSumCoins,
            progressPercent: Math.min(100, tipsSumCoins),
            achieved: tipsSumCoins >= 100,
          },
        }),
      );
    // a push changes the loaded posts in the query cache, whose observers hear of it after the push
    pushed(120);
    expect(await within(goal).findByText('Tipping goal of 100 VXC reached!')).toBeInTheDocument();
    pushed(90);
    // The cache tells its observers in a task of its own (react-query's notify tick), scheduled by the push: after
    // it, the lower push has changed nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(goal).getByText('Tipping goal of 100 VXC reached!')).toBeInTheDocument();
  });

  it('shows the common error view at once when the first page fails, and the posts after a retry', async () => {
    const service = feedService();
    let failures = 0;
    renderFeed(
      {},
      {
        ...service,
        handler: (operation, variables) => {
          if (operation === feedOperations.feed && failures === 0) {
            failures += 1;
            throw new ApiError(503, 'INTERNAL', 'down');
          }
          return service.handler(operation, variables);
        },
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    expect(failures).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
  });

  it('keeps a like and a pushed tipping goal that land while the next page loads', async () => {
    const service = feedService();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { platform } = renderFeed(
      { loggedIn: true },
      {
        ...service,
        handler: async (operation, variables) => {
          if (operation === feedOperations.feed && variables['after']) await answered;
          return service.handler(operation, variables);
        },
      },
    );
    const first = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    const goal = screen.getByRole('heading', { name: 'Post 5' }).closest('article')!;
    fireEvent.click(screen.getByRole('button', { name: 'Load more (12 of 15)' }));
    await waitFor(() => expect(postList()).toHaveAttribute('aria-busy', 'true'));
    fireEvent.click(within(first).getByRole('button', { name: '♥ 5 likes' }));
    expect(await within(first).findByRole('button', { name: '♥ 6 likes' })).toBeInTheDocument();
    act(() =>
      platform.emit({
        type: 'feedTippingGoal',
        postId: '5',
        tippingGoal: { goalCoins: 100, tipsSumCoins: 70, progressPercent: 70, achieved: false },
      }),
    );
    expect(await within(goal).findByText('Tipping goal: 70 VXC of 100 VXC')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Post 15' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '♥ 6 likes' })).toBeInTheDocument();
    expect(within(goal).getByText('Tipping goal: 70 VXC of 100 VXC')).toBeInTheDocument();
  });

  it('comments on a post and deletes the comment again', async () => {
    renderFeed({ loggedIn: true });
    const first = (await screen.findByRole('heading', { name: 'Post 1' })).closest('article')!;
    fireEvent.change(within(first).getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Nice!' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Send' }));
    expect(await within(first).findByText('Nice!')).toBeInTheDocument();
    expect(within(first).getByText('1 comment')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    expect(await within(first).findByText('0 comments')).toBeInTheDocument();
    expect(within(first).queryByText('Nice!')).toBeNull();
  });

  it('shows a deleted comment as a placeholder without author or buttons, its replies under it', async () => {
    renderFeed({ loggedIn: true });
    const sixth = (await screen.findByRole('heading', { name: 'Post 6' })).closest('article')!;
    const placeholder = within(sixth).getByText('Comment deleted');
    expect(within(placeholder).queryByRole('button')).toBeNull();
    expect(within(sixth).getByText('Bert')).toBeInTheDocument();
    expect(within(sixth).getByText('Still here', { exact: false })).toBeInTheDocument();
    expect(within(sixth).getByText('1 comment')).toBeInTheDocument();
  });

  it("narrows the feed by filters; the guest's own posts need a login", async () => {
    const { service, platform } = renderFeed();
    await screen.findByRole('heading', { name: 'Post 1' });
    expect(await screen.findByRole('button', { name: 'Clips (4)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All (15)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clips (4)' }));
    await screen.findByRole('heading', { name: 'Post 1' });
    expect(service.calls.at(-1)?.variables).toMatchObject({ typeGroups: ['CLIP_POSTS'], mode: 'MIXED' });
    // a visitor has no posts of her own to count
    fireEvent.click(screen.getByRole('button', { name: 'Bought' }));
    expect(screen.getByRole('button', { name: 'Bought' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(service.calls.some((call) => call.variables['bought'])).toBe(false);
  });

  it('asks the service for the bought posts of a logged-in guest', async () => {
    const { service } = renderFeed({ loggedIn: true });
    await screen.findByRole('heading', { name: 'Post 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Bought (2)' }));
    await screen.findByRole('heading', { name: 'Post 1' });
    expect(service.calls.at(-1)?.variables).toMatchObject({ bought: true });
  });

  it('opens a post at its own address over the feed and counts the view', async () => {
    const { service, platform } = renderFeed({ loggedIn: true, route: { name: 'feedPost', args: { postId: '5' } } });
    const dialog = await screen.findByRole('dialog', { name: 'Model2' });
    expect(within(dialog).getByRole('heading', { name: 'Post 5' })).toBeInTheDocument();
    expect(service.calls.find((call) => call.operation === feedOperations.viewedPost)?.variables).toEqual({
      postId: '5',
    });
    act(() =>
      platform.emit({
        type: 'feedTippingGoal',
        postId: '5',
        tippingGoal: { goalCoins: 100, tipsSumCoins: 70, progressPercent: 70, achieved: false },
      }),
    );
    expect(within(dialog).getByText('Tipping goal: 70 VXC of 100 VXC')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(platform.router.current().name).toBe('feed');
  });

  it("shows one model's posts on her profile feed, beside the other tabs", async () => {
    const { service } = renderFeed({ route: { name: 'feedProfile', args: { modelId: '101' } } });
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await screen.findAllByRole('article');
    expect(service.calls.find((call) => call.operation === feedOperations.feed)?.variables).toMatchObject({
      modelId: '101',
    });
    expect(screen.getAllByRole('link', { name: 'All her posts' })[0]).toHaveAttribute(
      'href',
      routeHref('feedProfile', { modelId: '101' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'All posts' }));
    expect(screen.getByRole('tab', { name: 'All posts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('plays a clip the guest may watch, with its poster', async () => {
    const clipPost = postFixture(1, {
      type: 'CLIP',
      clip: {
        id: 'clip-1',
        length: 6,
        width: 320,
        height: 180,
        ratio: 16 / 9,
        avsRequired: false,
        sources: [{ label: '180p', src: '/media/clips/clip-1-preview.mp4', type: 'video/mp4', poster: '/p.webp' }],
      },
    });
    const service = feedService();
    const handler: NonNullable<MockPlatformOptions['feed']> = (operation, variables) =>
      operation === feedOperations.feed
        ? { feed: { totalCount: 1, nodes: [clipPost], pageInfo: { endCursor: '1', hasNextPage: false } } }
        : service.handler(operation, variables);
    renderFeed({}, { ...service, handler });
    const video = (await screen.findByLabelText('Clip: Post 1')) as HTMLVideoElement;
    expect(video).toHaveAttribute('poster', '/p.webp');
    expect(video.querySelector('source')).toHaveAttribute('src', '/media/clips/clip-1-preview.mp4');
  });

  it("links a contest post to its contest, showing the performer's entry", async () => {
    const entry = { id: 'entry-4', url: '/media/specials/contests/1/1.webp', srcSet: '', width: 320, height: 427 };
    const contestPost = postFixture(1, {
      type: 'CP_PHOTO_CONTEST',
      contestId: '7',
      photoCount: 1,
      photos: [{ ...entry, avsRequired: false }],
    });
    const service = feedService();
    const handler: NonNullable<MockPlatformOptions['feed']> = (operation, variables) =>
      operation === feedOperations.feed
        ? {
            feed: {
              totalCount: 2,
              nodes: [contestPost, postFixture(2)],
              pageInfo: { endCursor: '2', hasNextPage: false },
            },
          }
        : service.handler(operation, variables);
    renderFeed({}, { ...service, handler });
    const link = await screen.findByRole('link', { name: 'Her entry in the contest: vote for her' });
    expect(link).toHaveAttribute('href', routeHref('contest', { contestId: '7' }));
    expect(screen.getByRole('img', { name: 'Post 1, photo 1' })).toHaveAttribute('src', entry.url);
    expect(screen.getAllByRole('link', { name: 'Her entry in the contest: vote for her' })).toHaveLength(1);
  });

  it('speaks German and asks for the posts in German', async () => {
    const { service } = renderFeed({ language: 'de' });
    expect(await screen.findByRole('button', { name: 'Mehr laden (12 von 15)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Favoriten' })).toBeInTheDocument();
    const pages = service.calls.filter((call) => call.operation === feedOperations.feed);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page.variables).toMatchObject({ language: 'de' });
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

describe('actorProfile.feed widget', () => {
  it("shows only the performer's own posts and links to her feed", async () => {
    const service = feedService();
    const platform = createMockPlatform({ feed: service.handler });
    renderWithPlatform(<ProfileFeedWidget actorId={101} actorName="Model1" />, {
      platform,
      remote: 'mf-feed',
      locales,
    });
    expect(await screen.findByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    // Posts 1, 4, 7, 10 and 13 are hers.
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: 'Post 2' })).not.toBeInTheDocument();
    const pages = service.calls.filter((call) => call.operation === feedOperations.feed);
    for (const page of pages) expect(page.variables).toMatchObject({ modelId: '101' });
    expect(screen.getByRole('link', { name: 'All posts of Model1' })).toHaveAttribute(
      'href',
      routeHref('feedProfile', { modelId: '101' }),
    );
  });
});
