import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { decodeBlogPostsPayload, type EndpointInput, type specialsEndpoints } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import {
  breadcrumbFixture,
  createMockPlatform,
  expectClosableInPageIncentive,
  inPageIncentiveFixture,
  renderWithPlatform,
  type MockPlatformOptions,
} from '@velvet/testing';
import { postFixture } from '../fixtures';
import { locales } from '../locales';
import { BlogArticlePage } from './BlogArticlePage';
import { BlogPage } from './BlogPage';
import { BlogWidget } from './BlogWidget';
import { SpecialsApp } from '../SpecialsApp';

type PostsInput = EndpointInput<typeof specialsEndpoints.blogPosts>;
/** Categories as the landing asks for them; their posts get ids from their position (news: 101, 102, ...). */
const CATEGORIES: [string, number][] = [
  ['latest', 45],
  ['news', 45],
  ['actions', 43],
  ['interviews', 46],
  ['events', 38],
  ['506', 45],
];

/** The first post's article page, with the server's trail and `more` answers. */
function articlePlatform(more: NonNullable<MockPlatformOptions['rest']> = {}) {
  return createMockPlatform({
    route: { name: 'blogArticle', args: { slug: 'post-1' } },
    rest: {
      ...breadcrumbFixture(),
      '/blog/article/:slug': () => ({
        post: { ...postFixture(1), body: ['First paragraph.'], actors: [] },
        previous: null,
        similar: [],
      }),
      ...more,
    },
  });
}

function blogPlatform(language: 'en' | 'de' = 'en') {
  const postCalls: { category: string; page: number }[] = [];
  const platform = createMockPlatform({
    language,
    route: { name: 'blog' },
    rest: {
      ...breadcrumbFixture(),
      '/blog/posts/:categoryId/:payload': (input) => {
        const { categoryId, payload } = (input as unknown as PostsInput).params;
        const { page, pageSize } = decodeBlogPostsPayload(payload)!;
        postCalls.push({ category: categoryId, page });
        const position = CATEGORIES.findIndex(([key]) => key === categoryId);
        const base = position * 100 + (page - 1) * pageSize;
        const items = Array.from({ length: pageSize }, (_, i) => postFixture(base + i + 1, CATEGORIES[position]![1]));
        return { items, total: 7, page, pageSize };
      },
      '/blog/archives/:category': () => ({
        years: [
          { year: 2026, count: 5 },
          { year: 2025, count: 2 },
        ],
        year: null,
        posts: { items: [postFixture(900)], total: 7, page: 1, pageSize: 9 },
      }),
      '/special/magazines': () => ({ pages: [] }),
      '/special/get/events': () => ({
        events: [
          {
            id: 22,
            slug: 'wiesn-shooting',
            gameType: 'wiesnShooting',
            name: 'Wiesn shooting gallery',
            description: 'Hit the hearts',
            imageUrl: '/media/specials/events/wiesn-shooting.webp',
            startDate: '2026-09-19T10:00:00.000Z',
            endDate: '2026-10-05T10:00:00.000Z',
            hasStarted: true,
            hasEnded: true,
            dailyAttempts: 3,
          },
        ],
      }),
    },
  });
  return { platform, postCalls };
}

describe('blog landing', () => {
  it('shows the spec sections, each paged on its own, the events and the archive by year', async () => {
    const { platform, postCalls } = blogPlatform();
    renderWithPlatform(<BlogPage />, { platform, remote: 'mf-specials', locales });
    for (const name of ['Latest', 'News', 'Actions', 'Interviews', 'Events']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    const news = document.querySelector('[data-blog-category="news"]') as HTMLElement;
    expect(await within(news).findByRole('heading', { name: 'Post 101' })).toBeInTheDocument();
    // Each pager is a navigation named after the list it pages, so the page's landmarks differ by name.
    expect(within(news).getByRole('navigation', { name: 'Pages: News' })).toBeInTheDocument();
    fireEvent.click(within(news).getByRole('button', { name: 'Page 3' }));
    expect(await within(news).findByRole('heading', { name: 'Post 107' })).toBeInTheDocument();
    // Only the news section moved on.
    expect(postCalls.filter((call) => call.page > 1)).toEqual([{ category: 'news', page: 3 }]);
    const latest = document.querySelector('[data-blog-category="latest"]') as HTMLElement;
    expect(within(latest).getByRole('link', { name: /^Post 1 / })).toHaveAttribute('href', '/en/blog/post-1/');

    expect(await screen.findByRole('link', { name: /Wiesn shooting gallery/ })).toHaveAttribute(
      'href',
      '/en/events/wiesn-shooting/',
    );
    expect(await screen.findByRole('button', { name: '2025 (2)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2025 (2)' }));
    await waitFor(() =>
      expect(platform.restCalls.at(-1)).toMatchObject({
        path: '/blog/archives/:category',
        input: { query: { year: 2025, page: 1 } },
      }),
    );
  });

  it('shows the latest posts on the home block, linking to the magazine in German', async () => {
    const { platform } = blogPlatform('de');
    renderWithPlatform(<BlogWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('link', { name: /^Post 1 / })).toHaveAttribute('href', '/de/magazin/post-1/');
    expect(screen.getByRole('link', { name: 'Zum Magazin' })).toHaveAttribute('href', '/de/magazin/');
  });
});

describe('breadcrumbs', () => {
  it("the landing shows the server's trail of the blog", async () => {
    const { platform } = blogPlatform();
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByText('blog {}')).toHaveAttribute('aria-current', 'page');
    expect(trail.getByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
  });

  it("an article shows the server's trail of its slug", async () => {
    const platform = articlePlatform();
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByText('blogArticle {"slug":"post-1"}')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post 1' })).toBeInTheDocument();
  });
});

describe('inPage incentive', () => {
  it("shows the one the operator defined for the page's route above its trail; closed, it goes at once", async () => {
    const platform = articlePlatform(inPageIncentiveFixture());
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    const box = await screen.findByTestId('incentive-inPage');
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(box.compareDocumentPosition(trail) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectClosableInPageIncentive(platform, 'blogArticle');
  });
});

describe('blog article', () => {
  it('shows the post with its performers', async () => {
    const platform = createMockPlatform({
      route: { name: 'blogArticle', args: { slug: 'post-1' } },
      rest: {
        '/blog/article/:slug': () => ({
          post: {
            ...postFixture(1),
            body: ['First paragraph.', 'Second paragraph.'],
            actors: [{ id: 5, name: 'mia', displayName: 'Mia', avatarUrl: '/media/actors/5/avatar.webp' }],
          },
          previous: postFixture(2),
          similar: [postFixture(3)],
        }),
      },
    });
    renderWithPlatform(<BlogArticlePage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post 1' })).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mia' })).toHaveAttribute('href', '/en/amateur/mia/');
    expect(screen.getByRole('link', { name: 'Post 2' })).toHaveAttribute('href', '/en/blog/post-2/');
  });

  it("shows a guest who logs in the performers' avatars her own answer gives (her age gate signs them)", async () => {
    const platform = createMockPlatform({
      route: { name: 'blogArticle', args: { slug: 'post-1' } },
      rest: {
        // The server answers each caller her avatars: blurred for a visitor, signed for a verified guest.
        '/blog/article/:slug': () => ({
          post: {
            ...postFixture(1),
            body: ['First paragraph.'],
            actors: [
              {
                id: 5,
                name: 'mia',
                displayName: 'Mia',
                avatarUrl: platform.session.current().guest.flags.loggedIn
                  ? '/media/actors/5/avatar.webp?avs=1.signed'
                  : '/media/actors/5/avatar.blur.webp',
              },
            ],
          },
          previous: null,
          similar: [],
        }),
      },
    });
    const { container } = renderWithPlatform(<BlogArticlePage />, { platform, remote: 'mf-specials', locales });
    const avatar = async (src: string) =>
      waitFor(() => expect(container.querySelector(`img[src="${src}"]`)).toBeInTheDocument());
    await avatar('/media/actors/5/avatar.blur.webp');
    act(() => platform.setGuest({ flags: { loggedIn: true, avs: true } }));
    await avatar('/media/actors/5/avatar.webp?avs=1.signed');
  });

  it('says not found for an unknown post', async () => {
    const platform = createMockPlatform({
      route: { name: 'blogArticle', args: { slug: 'gone' } },
      rest: {
        '/blog/article/:slug': () => {
          throw new ApiError(404, 'NOT_FOUND', 'Blog post not found');
        },
      },
    });
    renderWithPlatform(<BlogArticlePage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
