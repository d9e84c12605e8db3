import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  conversionEndpoints,
  seoEndpoints,
  TV_PREVIEW_SECONDS,
  tvOperations,
  type BreadcrumbType,
  type RouteArgs,
  type RouteName,
} from '@velvet/contracts';
import { RemoteProviders } from '@velvet/federation';
import type { LivePlayerProps } from '@velvet/ui/player';
import { ApiError } from '@velvet/sdk';
import {
  breadcrumbFixture,
  createMockPlatform,
  expectClosableInPageIncentive,
  hydrateOverServer,
  inPageIncentiveFixture,
  renderWithPlatform,
  routeHref,
  type MockPlatformOptions,
} from '@velvet/testing';
import { episodeFixture, programEntry, seriesFixture, streamOf } from './fixtures';
import { locales } from './locales';
import { TvApp } from './TvApp';
import { TvWidget } from './TvWidget';
import { ActorOnTv } from './ActorOnTv';
import { ChannelPlayer } from './LivestreamPage';
import { EpisodePlayer } from './VideoPage';

// The player itself (hls.js) is tested in @velvet/ui; here it shows what the page hands it.
jest.mock('@velvet/ui/player', () => ({
  LivePlayer: ({ url, posterUrl, onFatalError, onDemand }: LivePlayerProps) => (
    <div data-testid="live-player" data-url={url} data-poster={posterUrl} data-start-at={onDemand?.startAt}>
      {onFatalError ? <button onClick={() => onFatalError('manifestLoadError')}>stream refused</button> : null}
      {onDemand?.onPosition ? <button onClick={() => onDemand.onPosition?.(95)}>played to 95 s</button> : null}
    </div>
  ),
}));

/** Whether the server answers the guest's premium stream as a subscriber's (the subscription started). */
let subscribed = false;
beforeEach(() => {
  subscribed = false;
});

/** The params of a recorded or handled REST call (the mock types inputs generically). */
const paramsOf = <T,>(input: unknown) => (input as { params: T }).params;

/** The paths asked of the page itself: every call but its trail's and its incentives'. */
const pageCalls = (calls: readonly { path: string }[]) =>
  calls
    .map((call) => call.path)
    .filter((path) => path !== seoEndpoints.breadcrumb.path && path !== conversionEndpoints.pageLoad.path);

const rest: MockPlatformOptions['rest'] = {
  ...breadcrumbFixture(),
  '/tv/stream/:type': (input) =>
    streamOf(paramsOf<{ type: 'live' | 'premium' }>(input).type, { subscriber: subscribed }),
  '/tv/program/:type': (input) => {
    const type = paramsOf<{ type: 'live' | 'premium' }>(input).type;
    return { type, entries: [programEntry(1, 0, type), programEntry(2, 1, type), programEntry(3, 26, type)] };
  },
  '/tv/format/:key': (input) => {
    const { key } = paramsOf<{ key: string }>(input);
    if (key !== 'series-1') throw new ApiError(404, 'NOT_FOUND', 'No such series');
    return { series: seriesFixture(1), latest: [episodeFixture(8), episodeFixture(7)] };
  },
  '/tv/video/:videoId': (input) => {
    const { videoId } = paramsOf<{ videoId: number }>(input);
    if (videoId !== 7) throw new ApiError(404, 'NOT_FOUND', 'No such video');
    return { video: episodeFixture(7), series: seriesFixture(1), streamUrl: '/vod/tv/7/master.m3u8' };
  },
  '/tv/suggest/:hashId': () => ({ video: episodeFixture(7), suggestions: [episodeFixture(8)] }),
  '/tv/video/:videoId/position': (input) => ({ videoId: paramsOf<{ videoId: number }>(input).videoId, seconds: 321 }),
  '/tv/articles': () => ({ posts: [articleFixture.post, articleFixture.previous] }),
  '/tv/article/:slug': (input) => {
    const { slug } = paramsOf<{ slug: string }>(input);
    if (slug !== 'night-news') throw new ApiError(404, 'NOT_FOUND', 'No such article');
    return articleFixture;
  },
};

const texts = (word: string) => ({ de: `${word} de`, en: `${word} en`, nl: `${word} nl`, es: `${word} es` });
const post = (slug: string, word: string) => ({
  id: slug.length,
  slug,
  category: 'premium-tv' as const,
  title: texts(`${word} title`),
  teaser: texts(`${word} teaser`),
  body: texts(`${word} body`),
  imageUrl: `/media/tv/articles/${slug}.webp`,
  publishedAt: '2026-11-20T10:00:00.000Z',
});
const articleFixture = {
  post: post('night-news', 'Night'),
  previous: post('older-news', 'Older'),
  similar: { models: [{ id: 3, name: 'Mia', avatarUrl: '/media/a/3.webp' }] },
  categories: [
    { key: 'free-tv' as const, id: 41, name: texts('Free'), articleCount: 2 },
    { key: 'premium-tv' as const, id: 40, name: texts('Premium'), articleCount: 1 },
  ],
  breadcrumbs: [
    { kind: 'tv' as const, key: 'tv', title: texts('TV') },
    { kind: 'category' as const, key: 'premium-tv', title: texts('Premium') },
    { kind: 'article' as const, key: 'night-news', title: texts('Night title') },
  ],
};

function renderAt(name: RouteName, args: RouteArgs = {}, options: MockPlatformOptions = {}) {
  const platform = createMockPlatform({
    route: { name, args },
    rest,
    query: (operation, variables) => {
      if (operation === tvOperations.series) {
        const offset = variables['offset'] as number;
        return { tvSeries: { total: 31, nodes: [seriesFixture(offset + 1), seriesFixture(offset + 2)] } };
      }
      if (operation === tvOperations.mediathek)
        return { tvMediathek: { total: 2, series: seriesFixture(1), nodes: [episodeFixture(2), episodeFixture(1)] } };
      if (operation === tvOperations.lateNightShow)
        return {
          tvLateNightShow: { headerImages: ['/media/tv/late-night/header-1.webp'], events: [programEntry(9, 2)] },
        };
      throw new Error('unexpected operation');
    },
    ...options,
  });
  return renderWithPlatform(<TvApp />, { platform, remote: 'mf-tv', locales });
}

describe('livestream', () => {
  it('plays the channel with the poster of the show on air, its hosts, what comes next and the programme', async () => {
    const { platform } = renderAt('tvLivestream');
    expect(await screen.findByText('Now on air: Show 1')).toBeInTheDocument();
    const player = screen.getByTestId('live-player');
    expect(player).toHaveAttribute('data-url', '/live/tv/live/master.m3u8');
    expect(player).toHaveAttribute('data-poster', '/live/tv/loops/live-show-1/poster.webp');
    expect(screen.queryByRole('img', { name: 'Show 1' })).not.toBeInTheDocument();
    expect(screen.getAllByText('With Host 1').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Host 1' })).toHaveAttribute('href', '/en/amateur/host-101/');
    expect(screen.getByText(/Up next at .*: Show 2/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Coming up' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('TV subscription needed')).not.toBeInTheDocument();
    expect(pageCalls(platform.restCalls).sort()).toEqual(['/tv/program/:type', '/tv/stream/:type']);
  });

  it('renders the poster on the server and mounts the player only after hydration, without a mismatch', async () => {
    const platform = createMockPlatform({ route: { name: 'tvLivestream', args: {} } });
    const page = (
      <RemoteProviders platform={platform} remote="mf-tv">
        <ChannelPlayer stream={streamOf('live')} />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.html).toContain('/live/tv/loops/live-show-1/poster.webp');
    expect(hydrated.html).not.toContain('live-player');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(within(hydrated.container).getByTestId('live-player')).toHaveAttribute(
      'data-url',
      '/live/tv/live/master.m3u8',
    );
    hydrated.unmount();
  });

  it('reads the programme in German for German visitors', async () => {
    renderAt('tvLivestream', {}, { language: 'de' });
    expect(await screen.findByText('Jetzt auf Sendung: Sendung 1')).toBeInTheDocument();
  });
});

describe('premium livestream', () => {
  it('shows anonymous visitors the preview, the price table and the login', async () => {
    const { platform } = renderAt('tvPremiumLivestream');
    expect(screen.getByRole('heading', { name: 'TV subscription needed' })).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: 'Prices of the TV subscription' });
    expect(within(prices).getByRole('row', { name: /^30 days 14\.99\s€$/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(await screen.findByText('Now on air: Show 1')).toBeInTheDocument();
    expect(screen.getByTestId('live-player')).toHaveAttribute('data-url', streamOf('premium').previewUrl);
    expect(screen.getByText(`Preview: watch ${TV_PREVIEW_SECONDS} seconds of premium TV for free.`)).toBeVisible();
  });

  it('ends the preview when the server refuses it: the poster and a note instead of the player', async () => {
    renderAt('tvPremiumLivestream', {}, { loggedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'stream refused' }));
    expect(screen.queryByTestId('live-player')).not.toBeInTheDocument();
    expect(screen.getByText('The preview has ended. Take out a TV subscription to keep watching.')).toBeVisible();
    expect(document.querySelector('img[src="/live/tv/loops/premium-show-1/poster.webp"]')).not.toBeNull();
  });

  it('sells logged-in guests the subscription through its flow, in Spanish', async () => {
    const { platform } = renderAt('tvPremiumLivestream', {}, { loggedIn: true, language: 'es' });
    expect(screen.getByRole('heading', { name: 'Se necesita una suscripción de TV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^30 días 14,99\s€$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Suscribirse a la TV premium' })).toHaveAttribute(
      'href',
      '/es/tv/premium/suscripcion/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Comprar la suscripción de TV' }));
    expect(platform.openedFlows).toEqual(['tvSubscription']);
    expect(await screen.findByText('Ahora en antena: Programa 1')).toBeInTheDocument();
  });

  it('plays premium TV for subscribers, without a notice', async () => {
    subscribed = true;
    renderAt('tvPremiumLivestream', {}, { loggedIn: true, guest: { flags: { tvSubscriber: true } } });
    expect(await screen.findByText('Now on air: Show 1')).toBeInTheDocument();
    expect(screen.queryByText('TV subscription needed')).not.toBeInTheDocument();
    expect(screen.getByText('You are a TV subscriber: enjoy premium TV.')).toBeVisible();
    expect(screen.getByTestId('live-player')).toHaveAttribute(
      'data-url',
      streamOf('premium', { subscriber: true }).streamUrl,
    );
  });

  it('starts the full premium stream without a reload once the subscription push says the guest subscribes', async () => {
    const { platform } = renderAt('tvPremiumLivestream', {}, { loggedIn: true });
    expect(await screen.findByTestId('live-player')).toHaveAttribute('data-url', streamOf('premium').previewUrl);
    subscribed = true;
    act(() => platform.setGuest({ flags: { tvSubscriber: true } }));
    const full = streamOf('premium', { subscriber: true }).streamUrl!;
    expect(await screen.findByText('You are a TV subscriber: enjoy premium TV.')).toBeVisible();
    await screen.findByTestId('live-player');
    expect(screen.getByTestId('live-player')).toHaveAttribute('data-url', full);
    expect(screen.queryByText('TV subscription needed')).not.toBeInTheDocument();
  });
});

describe('series', () => {
  it('lists series as tiles linking to their pages and pages on', async () => {
    const { platform } = renderAt('tvSeriesOverview');
    const tile = await screen.findByRole('link', { name: /Series 1/ });
    expect(tile).toHaveAttribute('href', routeHref('tvSeries', { series: 'series-1' }));
    fireEvent.click(tile);
    expect(platform.navigations).toContainEqual({ name: 'tvSeries', args: { series: 'series-1' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Series 1' })).toBeInTheDocument();
  });

  it('leads to the newest TV articles, in the page language', async () => {
    renderAt('tvSeriesOverview', {}, { language: 'nl' });
    const news = await screen.findByRole('list', { name: 'Tv-nieuws' });
    const links = within(news).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Night title nl'),
      expect.stringContaining('Older title nl'),
    ]);
    expect(links[0]).toHaveAttribute('href', routeHref('tvArticle', { slug: 'night-news' }, 'nl'));
  });

  it('asks for the next page with an offset', async () => {
    renderAt('tvSeriesOverview');
    await screen.findByText('Series 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Series 31')).toBeInTheDocument();
  });

  it('shows a series with its latest episodes and a link to all of them', async () => {
    renderAt('tvSeries', { series: 'series-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Series 1' })).toBeInTheDocument();
    expect(screen.getByText('Episode 8 · 25 min · FSK 18')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All episodes' })).toHaveAttribute(
      'href',
      routeHref('tvSeriesVideos', { key: 'series-1' }),
    );
  });

  it('describes a series in the page language', async () => {
    renderAt('tvSeries', { series: 'series-1' }, { language: 'es' });
    expect(await screen.findByText('Sobre la serie 1')).toBeInTheDocument();
    expect(screen.queryByText('About series 1')).not.toBeInTheDocument();
  });

  it('says so when a series does not exist', async () => {
    renderAt('tvSeries', { series: 'nope' });
    expect(await screen.findByText('This series does not exist.')).toBeInTheDocument();
  });

  it('lists all episodes of a series', async () => {
    renderAt('tvSeriesVideos', { key: 'series-1' });
    expect(await screen.findByRole('heading', { name: 'All episodes of Series 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Episode title/ })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Episode title 2' })).toBeInTheDocument();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByText('tvVideos {"key":"series-1"}')).toHaveAttribute('aria-current', 'page');
  });
});

describe('breadcrumbs', () => {
  const pages: [RouteName, RouteArgs, BreadcrumbType][] = [
    ['tvLivestream', {}, 'tvLivestream'],
    ['tvPremiumLivestream', {}, 'tvPremiumLivestream'],
    ['tvLateNight', {}, 'tvLateNight'],
    ['tvSeriesOverview', {}, 'tvSeriesOverview'],
    ['tvSeries', { series: 'series-1' }, 'tvSeries'],
    ['tvSeriesVideos', { key: 'series-1' }, 'tvVideos'],
    ['tvVideo', { key: 'series-1', episodeId: '7' }, 'tvVideo'],
    ['tvProgram', {}, 'tvProgram'],
    ['tvArticle', { slug: 'night-news' }, 'tvArticle'],
  ];

  it.each(pages)(
    "%s shows the server's trail of its breadcrumb type with the page's arguments",
    async (name, args, type) => {
      const { platform } = renderAt(name, args);
      const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
      expect(await trail.findByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
      expect(trail.getByText(`${type} ${JSON.stringify(args)}`)).toHaveAttribute('aria-current', 'page');
      expect(platform.restCalls.filter((call) => call.path === seoEndpoints.breadcrumb.path)).toEqual([
        expect.objectContaining({
          input: expect.objectContaining({ params: { breadcrumbType: type }, body: { payload: args } }),
        }),
      ]);
    },
  );
});

describe('inPage incentive', () => {
  it("shows the one the operator defined for the page's route; closed, it goes at once", async () => {
    const { platform } = renderAt('tvSeriesOverview', {}, { rest: { ...rest, ...inPageIncentiveFixture() } });
    await expectClosableInPageIncentive(platform, 'tvSeriesOverview');
  });
});

describe('programme and late night', () => {
  afterEach(() => jest.useRealTimers());

  it('groups the programme by day and switches to premium', async () => {
    // The entries start now, in an hour and in 26 hours: two days on a fixed morning (near midnight, three).
    jest.useFakeTimers({ now: new Date('2026-11-24T10:30:00Z'), advanceTimers: true });
    const { platform } = renderAt('tvProgram');
    await screen.findAllByText('Show 1');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Premium TV' }));
    await screen.findAllByText('Show 1');
    const programCalls = platform.restCalls.filter((call) => call.path === '/tv/program/:type');
    expect(programCalls.map((call) => paramsOf<{ type: string }>(call.input).type)).toEqual(['live', 'premium']);
  });

  it('reads the shows of the programme in Dutch for Dutch visitors', async () => {
    renderAt('tvProgram', {}, { language: 'nl' });
    expect((await screen.findAllByText('Uitzending 1')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Beschrijving 1').length).toBeGreaterThan(0);
    expect(screen.queryByText('Show 1')).not.toBeInTheDocument();
  });

  it('shows the late-night events', async () => {
    renderAt('tvLateNight');
    expect(await screen.findByText('Show 9')).toBeInTheDocument();
  });
});

describe('home.TV widget', () => {
  it('shows what runs now and links to the livestream', async () => {
    const platform = createMockPlatform({ rest });
    renderWithPlatform(<TvWidget />, { platform, remote: 'mf-tv', locales });
    expect(await screen.findByText('Now on air: Show 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the livestream' })).toHaveAttribute('href', routeHref('tvLivestream'));
  });
});

describe('actorProfile.onTv widget', () => {
  const renderFor = (answer: unknown, language?: 'de') => {
    const platform = createMockPlatform({
      rest: { '/actor/getActorTVLivestreamDataById/:actorId': () => answer },
      ...(language ? { language } : {}),
    });
    return renderWithPlatform(<ActorOnTv actorId={101} actorName="host-101" />, {
      platform,
      remote: 'mf-tv',
      locales,
    });
  };

  it('says she is on TV now and leads to the channel she is on', async () => {
    const stream = streamOf('premium', { subscriber: true });
    const { platform } = renderFor({ actorId: 101, onAir: 'premium', stream, next: null });
    expect(await screen.findByText('On Velvet TV now: Show 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', routeHref('tvPremiumLivestream'));
    expect(platform.restCalls.map((call) => [call.path, paramsOf(call.input)])).toEqual([
      ['/actor/getActorTVLivestreamDataById/:actorId', { actorId: 101 }],
    ]);
  });

  it('says when her next show starts, in the page language', async () => {
    renderFor({ actorId: 101, onAir: null, stream: null, next: programEntry(4, 26) }, 'de');
    expect(await screen.findByText(/^Als Nächstes auf Velvet TV: Sendung 4, .+ um \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing for a performer without shows, or when the answer fails', async () => {
    for (const answer of [
      () => ({ actorId: 101, onAir: null, stream: null, next: null }),
      () => {
        throw new ApiError(500, 'INTERNAL', 'down');
      },
    ]) {
      const platform = createMockPlatform({ rest: { '/actor/getActorTVLivestreamDataById/:actorId': answer } });
      const { container, unmount } = renderWithPlatform(<ActorOnTv actorId={101} actorName="host-101" />, {
        platform,
        remote: 'mf-tv',
        locales,
      });
      await waitFor(() => expect(platform.restCalls).toHaveLength(1));
      // the answer settles in the query cache before the widget decides
      await act(async () => {});
      expect(container.querySelector('[data-remote="mf-tv"]')).toBeEmptyDOMElement();
      unmount();
    }
  });
});

describe('TV video on demand', () => {
  beforeEach(() => window.localStorage.clear());

  it("plays a visitor's episode from where the browser kept it, keeps the new position there, and suggests more", async () => {
    window.localStorage.setItem('velvet.tv.position.7', '42');
    const { platform } = renderAt('tvVideo', { key: 'series-1', episodeId: '7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Episode title 7' })).toBeInTheDocument();
    const player = screen.getByTestId('live-player');
    expect(player).toHaveAttribute('data-url', '/vod/tv/7/master.m3u8');
    expect(player).toHaveAttribute('data-poster', '/media/tv/episodes/7.webp');
    expect(player).toHaveAttribute('data-start-at', '42');
    fireEvent.click(screen.getByRole('button', { name: 'played to 95 s' }));
    expect(window.localStorage.getItem('velvet.tv.position.7')).toBe('95');
    expect(platform.restCalls.some((call) => call.path === '/tv/video/:videoId/position')).toBe(false);
    const next = await screen.findByRole('list', { name: 'Watch next' });
    expect(within(next).getByRole('link', { name: 'Episode title 8' })).toHaveAttribute(
      'href',
      routeHref('tvVideo', { key: 'series-1', episodeId: '8' }),
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'tvVideo {"key":"series-1","episodeId":"7"}',
    );
  });

  it('names the episode and the ones to watch next in the page language, their pictures too', async () => {
    renderAt('tvVideo', { key: 'series-1', episodeId: '7' }, { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Folgentitel 7' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Folgentitel 8' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Folgentitel 8' })).toBeInTheDocument();
    expect(screen.queryByText(/Episode title/)).not.toBeInTheDocument();
  });

  it("starts a logged-in guest's episode where the server kept it and saves the new position there", async () => {
    const { platform } = renderAt('tvVideo', { key: 'series-1', episodeId: '7' }, { loggedIn: true, language: 'es' });
    expect(await screen.findByTestId('live-player')).toHaveAttribute('data-start-at', '321');
    fireEvent.click(screen.getByRole('button', { name: 'played to 95 s' }));
    const saved = platform.restCalls.find((call) => call.method === 'PUT');
    expect(saved?.input).toEqual({ params: { videoId: 7 }, body: { seconds: 95 } });
    expect(window.localStorage.getItem('velvet.tv.position.7')).toBeNull();
  });

  it('renders the poster on the server and mounts the player only after hydration, without a mismatch', async () => {
    const platform = createMockPlatform({
      route: { name: 'tvVideo', args: { key: 'series-1', episodeId: '7' } },
      rest,
    });
    const details = { video: episodeFixture(7), series: seriesFixture(1), streamUrl: '/vod/tv/7/master.m3u8' };
    const page = (
      <RemoteProviders platform={platform} remote="mf-tv">
        <EpisodePlayer details={details} />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.html).toContain('/media/tv/episodes/7.webp');
    expect(hydrated.html).not.toContain('live-player');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(await within(hydrated.container).findByTestId('live-player')).toHaveAttribute('data-start-at', '0');
    hydrated.unmount();
  });

  it('says so for a video that does not exist, and for an address no video has, without asking', async () => {
    renderAt('tvVideo', { key: 'series-1', episodeId: '99' });
    expect(await screen.findByText('This video does not exist.')).toBeInTheDocument();
    renderAt('tvVideo', { key: 'series-2', episodeId: '7' });
    await waitFor(() => expect(screen.getAllByText('This video does not exist.')).toHaveLength(2));
    const { platform } = renderAt('tvVideo', { key: 'series-1', episodeId: 'abc' });
    expect(screen.getAllByText('This video does not exist.').length).toBe(3);
    expect(pageCalls(platform.restCalls)).toEqual([]);
  });
});

describe('TV article', () => {
  it('shows the post in the page language with its models, categories, previous article and breadcrumbs', async () => {
    renderAt('tvArticle', { slug: 'night-news' }, { language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night title es' })).toBeInTheDocument();
    expect(screen.getByText('Night body es')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Modelos en este artículo' })).getByText('Mia')).toBeInTheDocument();
    const categories = within(screen.getByRole('list', { name: 'Categorías' })).getAllByRole('listitem');
    expect(categories.map((item) => item.textContent)).toEqual(['Free es (2 artículos)', 'Premium es (1 artículo)']);
    expect(categories[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Artículo anterior: Older title es' })).toHaveAttribute(
      'href',
      routeHref('tvArticle', { slug: 'older-news' }, 'es'),
    );
    const crumbs = within(screen.getByRole('navigation', { name: 'Ruta de navegación' })).getAllByRole('listitem');
    // The trail is the server's for the article (the fixture names the type and payload asked for).
    expect(crumbs.map((item) => item.textContent)).toEqual(['Velvet', 'tvArticle {"slug":"night-news"}']);
  });

  it('says so for an article that does not exist', async () => {
    renderAt('tvArticle', { slug: 'gone' });
    expect(await screen.findByText('This article does not exist.')).toBeInTheDocument();
  });
});
