import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { federationManifest, remoteHealth } from '@velvet/contracts';
import { expect, OPERATOR, test } from './fixtures';
import { ops, teamCheckout } from './ops';

/**
 * Pages are rendered on the server: a visitor without JavaScript reads them, the browser hydrates them without
 * replacing what the server sent, a remote whose node build fails leaves its part to the browser, and a deployed
 * version changes the server's HTML without a restart.
 */

const LANGUAGES = ['en', 'de', 'es'] as const;
const TV_PROGRAM = { en: '/en/tv/program/', de: '/de/tv/programm/', es: '/es/tv/programa/' } as const;
/** A performer's price per minute, as her chat button shows it ("4 VXC/min", "4 VXC/Min."). */
const PER_MINUTE = /^\d+\sVXC\/min\.?$/i;
/** The profile of a performer who does not exist. */
const MISSING_PERFORMER = '/en/amateur/nobody-of-that-name/';
/** The missing performer's page answers 404, which the browser logs: no other answer or message may fail. */
const expectMissingPage = (expectFailure: (pattern: RegExp) => void) => {
  expectFailure(new RegExp(`^404 GET .*${MISSING_PERFORMER}$`));
  expectFailure(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
};
/** The headlines of the SEO texts under home, the video grid and two TV pages, with the brand of the site. */
const SEO_HEADLINES = {
  en: {
    home: 'Live cams, amateur videos and more on Velvet',
    videos: 'Amateur videos on Velvet',
    tvProgram: 'The Velvet TV programme',
    tvLivestream: 'Velvet TV live',
  },
  de: {
    home: 'Live-Cams, Amateurvideos und mehr bei Velvet',
    videos: 'Amateurvideos bei Velvet',
    tvProgram: 'Das TV-Programm von Velvet',
    tvLivestream: 'Velvet TV im Livestream',
  },
  es: {
    home: 'Cámaras en vivo, vídeos amateur y mucho más en Velvet',
    videos: 'Vídeos amateur en Velvet',
    tvProgram: 'La programación de Velvet TV',
    tvLivestream: 'Velvet TV en directo',
  },
} as const;
/** The SEO text under a page's content. */
const seoText = (page: Page) => page.locator('main [data-testid="seo-text"]');
/** A video's price, as its tile shows it: coins, or free. */
const VIDEO_PRICE = /^(\d+\sVXC|Free|Gratis)$/;

/** Follows an in-site link as a click: answers the navigation's response once the next page is there. */
async function follow(page: Page, link: Locator) {
  const href = (await link.getAttribute('href'))!;
  const navigated = page.waitForResponse(
    (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === href,
  );
  await link.click();
  const response = await navigated;
  await page.waitForLoadState('domcontentloaded');
  expect(new URL(page.url()).pathname).toBe(href);
  return response;
}

/** The owner remote's part of the page, as the server rendered it. */
const serverPart = (page: Page, remote: string) =>
  page.locator(`.vv-outlet > [data-outlet="${remote}"][data-ssr="server"] > [data-remote="${remote}"]`);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of LANGUAGES) {
    test(`${language}: a visitor reads home, a performer's profile and the video grid, and follows their links`, async ({
      page,
    }) => {
      const home = await page.goto(`/${language}/`);
      expect(home?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The page's SEO text is in the server's HTML: headline and every paragraph, in the URL's language.
      await expect(seoText(page).getByRole('heading', { level: 2 })).toHaveText(SEO_HEADLINES[language].home);
      await expect(seoText(page)).toHaveAttribute('lang', language);
      expect(await seoText(page).locator('p').count()).toBeGreaterThanOrEqual(2);
      // Home's first blocks are the widgets' HTML: performers with their names, prices and profile links.
      const top = page.locator('[data-home-block="TOP"] > [data-ssr="server"] > [data-widget="home.TOP"]');
      // A performer with a paid chat: her tile shows her price per minute.
      const tile = top
        .locator('article.vv-tile')
        .filter({ has: page.locator('.vv-price__unit') })
        .first();
      await expect(tile).toBeVisible();
      const name = (await tile.locator('.vv-tile__title').textContent())!.trim();
      expect(name).not.toBe('');
      await expect(tile.locator('.vv-price')).toHaveText(PER_MINUTE);
      const profileLink = tile.locator('a.vv-tile__link');
      await expect(profileLink).toHaveAttribute('href', new RegExp(`^/${language}/amateur/[\\w-]+/$`));

      const profile = await follow(page, profileLink);
      expect(profile.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const chat = serverPart(page, 'mf-chat');
      await expect(chat.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(chat.locator('.mf-chat-profile__header .vv-price')).toHaveText(PER_MINUTE);
      // Her profile's trail is in the server's HTML: home linked, her own page current.
      const profilePath = new URL(page.url()).pathname;
      const trail = chat.locator('nav.vv-breadcrumbs[aria-label]');
      await expect(trail.locator('a[href]').first()).toHaveAttribute('href', `/${language}/`);
      await expect(trail.locator('[aria-current="page"]')).toHaveText(name);
      // Her profile's tabs are links to her pages.
      const tabs = chat.locator('nav.vv-tabs').locator('a[href]');
      expect(await tabs.count()).toBeGreaterThan(2);
      for (const href of await tabs.evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
        expect(href.startsWith(profilePath)).toBe(true);

      const grid = await page.goto(`/${language}/videos/`);
      expect(grid?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(seoText(page).getByRole('heading', { level: 2 })).toHaveText(SEO_HEADLINES[language].videos);
      const video = serverPart(page, 'mf-media').locator('article.vv-tile').first();
      await expect(video).toBeVisible();
      const title = (await video.locator('.vv-tile__title').textContent())!.trim();
      expect(title).not.toBe('');
      // Its performer's name and its price.
      await expect(video.locator('.vv-tile__subtitle')).toContainText(/\w+\s·\s\d+:\d\d/);
      await expect(video.locator('.vv-price').first()).toHaveText(VIDEO_PRICE);
      const videoLink = video.locator('a.vv-tile__link');
      await expect(videoLink).toHaveAttribute('href', new RegExp(`^/${language}/amateur/[\\w-]+/videos/\\d+/$`));

      const details = await follow(page, videoLink);
      expect(details.status()).toBe(200);
      await expect(serverPart(page, 'mf-media').getByRole('heading', { level: 1 })).toHaveText(title);
      // The video's trail leads through its performer's profile and her videos to the video itself.
      const videoTrail = serverPart(page, 'mf-media').locator('nav.vv-breadcrumbs[aria-label]');
      const videoPath = new URL(page.url()).pathname;
      const performerPath = videoPath.replace(/videos\/\d+\/$/, '');
      await expect(videoTrail.locator('a[href]')).toHaveCount(3);
      await expect(videoTrail.locator(`a[href="${performerPath}"]`)).toHaveCount(1);
      await expect(videoTrail.locator('[aria-current="page"]')).toHaveText(title);
    });
  }

  /** The first page of a sitemap part in a language, as a path. */
  async function sitemapPage(request: APIRequestContext, part: string, language: string) {
    const xml = await (await request.get(`/sitemaps/${part}.xml`)).text();
    const path = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map(([, loc]) => new URL(loc!).pathname)
      .find((candidate) => candidate.startsWith(`/${language}/`));
    expect(path, `${part} in ${language}`).toBeDefined();
    return path!;
  }

  for (const language of ['en', 'de'] as const)
    test(`${language}: an album, a category, a blog article, a TV series and the account area carry the server's trail`, async ({
      page,
      request,
    }) => {
      const pages: [path: string, remote: string][] = [
        [await sitemapPage(request, 'albums', language), 'mf-media'],
        [await sitemapPage(request, 'categories', language), 'mf-chat'],
        [await sitemapPage(request, 'blog', language), 'mf-specials'],
        [await sitemapPage(request, 'tv', language), 'mf-tv'],
      ];
      for (const [path, remote] of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const part = serverPart(page, remote);
        const trail = part.locator('nav.vv-breadcrumbs[aria-label]');
        // Home first, the page itself last and named as its heading.
        await expect(trail.locator('a[href]').first()).toHaveAttribute('href', `/${language}/`);
        const heading = (await part.getByRole('heading', { level: 1 }).textContent())!.trim();
        await expect(trail.locator('[aria-current="page"]')).toHaveText(heading);
        // Its parents: a page in between (her profile, the categories, the blog, the TV area) links up.
        expect(await trail.locator('a[href]').count(), path).toBeGreaterThanOrEqual(2);
      }
      // An album's trail leads through its performer's profile.
      await page.goto(pages[0]![0]);
      const albumTrail = serverPart(page, 'mf-media').locator('nav.vv-breadcrumbs');
      const profilePath = pages[0]![0].replace(/[^/]+\/\d+\/$/, '');
      await expect(albumTrail.locator(`a[href="${profilePath}"]`)).toHaveCount(1);

      // The account area's pages, the same for every visitor before the login: the area, then the page.
      await page.goto(`/${language}/myvisitx/`);
      const area = serverPart(page, 'mf-account').locator('nav.vv-breadcrumbs[aria-label]');
      await expect(area.locator('a[href]')).toHaveCount(1);
      const areaName = (await area.locator('[aria-current="page"]').textContent())!.trim();
      expect(areaName).not.toBe('');
      await page.goto(language === 'de' ? '/de/myvisitx/profil/' : '/en/myvisitx/profile/');
      const profile = serverPart(page, 'mf-account').locator('nav.vv-breadcrumbs[aria-label]');
      await expect(profile.locator(`a[href="/${language}/myvisitx/"]`)).toHaveText(areaName);
      await expect(profile.locator('[aria-current="page"]')).toHaveText(language === 'de' ? 'Profil' : 'Profile');
    });

  test("a missing performer's page answers 404 with the not-found view", async ({ page, expectFailure }) => {
    expectMissingPage(expectFailure);
    const response = await page.goto(MISSING_PERFORMER);
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(serverPart(page, 'mf-chat')).toContainText('Not found');
    await expect(serverPart(page, 'mf-chat').getByRole('status')).toHaveCount(0);
  });
});

/** Keeps the page's server-rendered elements as the browser parsed them, before any script ran. */
async function keepServerNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      // The document is parsed; the shell's deferred script has not run yet.
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverNodes: Element[] }).serverNodes = [
        ...document.querySelectorAll('#root[data-ssr] > .vv-shell, [data-ssr="server"] > *'),
      ];
    });
  });
}

/**
 * Waits until React has taken over (hydrated) each element the server rendered, and checks that it kept them all:
 * an element React rendered afresh instead would have left the document. React marks an element it owns with its
 * fiber; an element's fiber is set once its whole subtree hydrated.
 */
async function expectHydrated(page: Page, label: string) {
  const nodes = () =>
    page.evaluate(() =>
      (window as unknown as { serverNodes: Element[] }).serverNodes.map((node) => ({
        node: `${node.tagName.toLowerCase()} ${[...node.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}`,
        attached: node.isConnected,
        hydrated: Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
      })),
    );
  // Hydration is done with each element: React owns it, or it has been replaced.
  await expect
    .poll(async () => (await nodes()).every(({ attached, hydrated }) => hydrated || !attached), { timeout: 30_000 })
    .toBe(true);
  const seen = await nodes();
  // The layout and at least the owner remote's part.
  expect(seen.length, label).toBeGreaterThanOrEqual(2);
  expect
    .soft(
      seen.filter(({ attached }) => !attached).map(({ node }) => node),
      `${label}: replaced`,
    )
    .toEqual([]);
}

/** Clicks an in-site link: the page routes it without loading a document (a marker on the window survives). */
async function expectRouted(page: Page, link: Locator) {
  const href = (await link.getAttribute('href'))!;
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await link.click();
  await expect(page).toHaveURL(href);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test.describe('with JavaScript', () => {
  for (const language of LANGUAGES) {
    test(`${language}: home, a profile, the video grid and the TV programme hydrate without a message and keep the server's elements`, async ({
      page,
    }) => {
      // Every console message counts (a hydration mismatch logs one), and every uncaught error.
      const messages: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
      // The pages that asked for their SEO text with a structured query: none as it hydrates, one reached by a link.
      const seoAsks: string[] = [];
      page.on('request', (request) => {
        if (request.postData()?.includes('query SeoTexts')) seoAsks.push(new URL(page.url()).pathname);
      });
      await keepServerNodes(page);

      await page.goto(`/${language}/`);
      // Home's server-rendered blocks under the screen hydrate once the visitor scrolls to them.
      await page.locator('[data-home-block] > [data-ssr="server"]').last().scrollIntoViewIfNeeded();
      await expectHydrated(page, `/${language}/`);
      await expect(seoText(page).getByRole('heading', { level: 2 })).toHaveText(SEO_HEADLINES[language].home);
      expect(seoAsks, 'home hydrates with its SEO text').toEqual([]);
      const performer = page.locator('[data-home-block="TOP"] [data-widget="home.TOP"] a.vv-tile__link').first();
      const profilePath = (await performer.getAttribute('href'))!;
      await expectRouted(page, performer);
      await expect(page.locator('[data-remote="mf-chat"]').getByRole('heading', { level: 1 })).toBeVisible();

      await page.goto(profilePath);
      await expectHydrated(page, profilePath);
      await expectRouted(page, serverPart(page, 'mf-chat').getByRole('navigation').locator('a[href]').nth(1));

      await page.goto(`/${language}/videos/`);
      await expectHydrated(page, `/${language}/videos/`);
      await expectRouted(page, serverPart(page, 'mf-media').locator('a.vv-tile__link').first());
      await expect(page.locator('[data-remote="mf-media"]').getByRole('heading', { level: 1 })).toBeVisible();

      await page.goto(TV_PROGRAM[language]);
      await expectHydrated(page, TV_PROGRAM[language]);
      await expect(seoText(page).getByRole('heading', { level: 2 })).toHaveText(SEO_HEADLINES[language].tvProgram);
      expect(seoAsks, 'the pages hydrate with their SEO texts').not.toContain(TV_PROGRAM[language]);
      // A page reached by a link in the browser (the livestream) asks for its own SEO text.
      seoAsks.length = 0;
      await expectRouted(page, serverPart(page, 'mf-tv').getByRole('navigation').locator('a[href]').first());
      await expect(seoText(page).getByRole('heading', { level: 2 })).toHaveText(SEO_HEADLINES[language].tvLivestream);
      expect(seoAsks).toEqual([`/${language}/tv/livestream/`]);

      expect(messages).toEqual([]);
    });
  }

  test('the feed hydrates its first page without asking for it again; the next page follows its cursor', async ({
    page,
  }) => {
    // The `after` of every feed page the browser asks for (null: the first page).
    const asked: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('query Feed('))
        asked.push((request.postDataJSON() as { variables: { after?: string | null } }).variables.after ?? null);
    });
    await keepServerNodes(page);
    const html = await (await page.goto('/en/feed/'))!.text();
    await expectHydrated(page, '/en/feed/');
    const posts = serverPart(page, 'mf-feed').getByRole('list', { name: 'All posts' }).getByRole('article');
    const state = /<script type="application\/json" id="vv-ssr">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const { outlet } = JSON.parse(state) as {
      outlet: { queries: { queries: { queryKey: string[]; state: { data?: unknown } }[] } };
    };
    const feed = outlet.queries.queries.find(({ queryKey }) => queryKey[0]!.startsWith('feed|'))!.state.data as {
      pages: { nodes: unknown[]; pageInfo: { endCursor: string } }[];
    };
    expect(feed.pages).toHaveLength(1);
    // The end of the list in view loads the next page.
    await posts.last().scrollIntoViewIfNeeded();
    await expect.poll(() => posts.count()).toBeGreaterThan(feed.pages[0]!.nodes.length);
    expect(asked[0]).toBe(feed.pages[0]!.pageInfo.endCursor);
    expect(asked).not.toContain(null);
  });

  test("a missing performer's page hydrates into the same not-found view without asking for her again", async ({
    page,
    expectFailure,
  }) => {
    expectMissingPage(expectFailure);
    const messages: string[] = [];
    // The page itself answers 404, which the browser logs; anything else counts.
    page.on('console', (message) => {
      if (!message.text().startsWith('Failed to load resource')) messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/getActorDataByIdOrName/')) asked.push(request.url());
    });
    await keepServerNodes(page);
    const response = await page.goto(MISSING_PERFORMER);
    expect(response?.status()).toBe(404);
    await expectHydrated(page, MISSING_PERFORMER);
    const chat = page.locator('[data-remote="mf-chat"]');
    await expect(chat).toContainText('Not found');
    await expect(chat.getByRole('status')).toHaveCount(0);
    expect(asked).toEqual([]);
    expect(messages).toEqual([]);
  });
});

/** The TV programme page's title in the deployed build, and the error its app throws on the server for German pages. */
const NEW_TITLE = 'TV programme of the new season';
const SERVER_ERROR = 'mf-tv renders German pages in the browser only';

/**
 * A checkout of mf-tv whose programme page has a new English title and whose app throws on the server (never in
 * the browser) for German pages.
 */
async function changedTv(): Promise<string> {
  const dir = await teamCheckout('mf-tv');
  const locale = join(dir, 'src', 'locales', 'en.json');
  const messages = await readFile(locale, 'utf8');
  expect(messages).toContain('"title": "TV programme"');
  await writeFile(locale, messages.replace('"title": "TV programme"', `"title": "${NEW_TITLE}"`));
  const app = join(dir, 'src', 'TvApp.tsx');
  const source = await readFile(app, 'utf8');
  // An import of its own, so the change does not depend on how the app imports the rest.
  const throwing = `import { useLanguage as pageLanguage } from '@velvet/federation';\n${source}`.replace(
    'export function TvApp() {\n',
    `export function TvApp() {\n  const language = pageLanguage();\n  if (typeof window === 'undefined' && language === 'de') throw new Error('${SERVER_ERROR}');\n`,
  );
  expect(throwing).toContain(SERVER_ERROR);
  await writeFile(app, throwing);
  return dir;
}

async function pinnedTv(request: APIRequestContext): Promise<string> {
  const response = await request.get('/rest/v1/federation/manifest?tenant=velvet');
  expect(response.status()).toBe(200);
  return federationManifest.parse(await response.json()).remotes.find((remote) => remote.name === 'mf-tv')!.version;
}

/** A page's HTML as the server sends it (no script runs), with its status. */
async function serverHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

const tvRendered = (html: string) => html.includes('<div data-outlet="mf-tv" data-ssr="server">');
const programmeTitle = (title: string) => `<h1>${title}</h1>`;

test.describe.serial('a deployed mf-tv on the server', () => {
  let dir = '';
  let before = '';
  let version = '';
  let pinned = false;

  test.afterAll(async ({ playwright: _ }, testInfo) => {
    // The specs after these find mf-tv as it was.
    const baseURL = testInfo.project.use.baseURL!;
    if (pinned) expect((await ops(baseURL, 'rollback', 'mf-tv', '--tenant', 'velvet')).code).toBe(0);
    if (dir) await rm(join(dir, '..'), { recursive: true, force: true });
  });

  test('a version deployed and pinned changes the server HTML of its pages without a restart', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    before = await pinnedTv(request);
    const old = await serverHtml(request, TV_PROGRAM.en);
    expect(old.status).toBe(200);
    expect(tvRendered(old.html)).toBe(true);
    expect(old.html).toContain(programmeTitle('TV programme'));

    dir = await changedTv();
    const deploy = await ops(baseURL!, 'deploy', 'mf-tv', '--source', dir, '--pin', 'velvet');
    expect(deploy.code, deploy.out).toBe(0);
    pinned = true;
    version = /published mf-tv (\S+)/.exec(deploy.out)?.[1] ?? '';
    expect(deploy.out).toContain(`pinned velvet: mf-tv ${version}`);
    expect(await pinnedTv(request)).toBe(version);

    // The first page after the deploy may be left to the browser while the server loads the new node build; once
    // loaded, the server renders the page with it.
    await expect
      .poll(async () => tvRendered((await serverHtml(request, TV_PROGRAM.en)).html), { timeout: 30_000 })
      .toBe(true);
    const changed = await serverHtml(request, TV_PROGRAM.en);
    expect(changed.status).toBe(200);
    expect(changed.html).toContain(programmeTitle(NEW_TITLE));
    expect(changed.html).not.toContain(programmeTitle('TV programme'));
    expect(changed.html).toContain(`"remote":"mf-tv","version":"${version}"`);
  });

  test('a part whose node build throws is rendered in the browser; the health view shows the server failure', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Its node build is loaded (the English page rendered with it): the German page's render throws.
    const german = await serverHtml(request, TV_PROGRAM.de);
    expect(german.status).toBe(200);
    expect(german.html).toContain('<div data-outlet="mf-tv" data-ssr="client"></div>');
    expect(german.html).toContain('data-testid="navbar"');

    // The browser renders the programme.
    const response = await page.goto(TV_PROGRAM.de);
    expect(response?.status()).toBe(200);
    const tv = page.locator('[data-outlet="mf-tv"][data-ssr="client"] > [data-remote="mf-tv"]');
    await expect(tv.getByRole('heading', { level: 1 })).toHaveText('TV-Programm');
    await expect(tv.getByRole('heading', { level: 2 }).first()).toBeVisible();

    // Operators see the server's failure of that version in the health view.
    const login = await request.post('/rest/v1/auth/login', { data: OPERATOR });
    const { accessToken } = (await login.json()) as { accessToken: string };
    await expect
      .poll(async () => {
        const health = await request.get('/rest/v1/federation/health?tenant=velvet&minutes=10', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(health.status()).toBe(200);
        const items = ((await health.json()) as { items: unknown[] }).items.map((item) => remoteHealth.parse(item));
        return items.find((item) => item.remote === 'mf-tv' && item.version === version)?.lastFailure;
      })
      .toMatchObject({ stage: 'server-throws', error: SERVER_ERROR });
  });

  test('a rollback brings the old server HTML back', async ({ request, baseURL }) => {
    const rollback = await ops(baseURL!, 'rollback', 'mf-tv', '--tenant', 'velvet');
    expect(rollback.code, rollback.out).toBe(0);
    pinned = false;
    expect(await pinnedTv(request)).toBe(before);
    await expect
      .poll(async () => tvRendered((await serverHtml(request, TV_PROGRAM.en)).html), { timeout: 30_000 })
      .toBe(true);
    const restored = await serverHtml(request, TV_PROGRAM.en);
    expect(restored.html).toContain(programmeTitle('TV programme'));
    expect(restored.html).not.toContain(programmeTitle(NEW_TITLE));
    // And the German page is the server's again.
    expect(tvRendered((await serverHtml(request, TV_PROGRAM.de)).html)).toBe(true);
  });
});
