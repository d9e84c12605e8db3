import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, scrollThroughHome, test } from './fixtures';

/**
 * Every public page, and the home page of the white-label tenant with its own palette, passes axe-core's WCAG 2
 * A and AA rules without a serious or critical violation. The pages are visited in one browser tab, one load
 * each; the pages with an id in their path (a category, a performer, a video, an album, a series, an episode, an
 * article, a contest) take a link the page before shows, so the test follows the server's demo data instead of naming it.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Visit {
  name: string;
  /** The path to open, or the link of the page before that leads to it. */
  path: string | ((page: Page) => Promise<string>);
  /** Waits until the page shows its content (the default: its heading, nothing loading in the main area). */
  ready?: (page: Page) => Promise<void>;
}

/** The href of the first link inside the main area matching the selector. */
const firstLink = (selector: string) => async (page: Page) => {
  const link = page.locator('main').locator(selector).first();
  await expect(link).toBeAttached();
  return (await link.getAttribute('href'))!;
};

/** The page's heading is shown and nothing in the main area is still loading. */
async function settled(page: Page) {
  await expect(page.locator('main h1')).toHaveCount(1);
  await expect(page.locator('main [aria-busy="true"], main .vv-spinner')).toHaveCount(0);
}

/** Waits for the first tile of the main area's grid, then for the page to settle. */
async function withTiles(page: Page) {
  await expect(page.locator('main .vv-tile').first()).toBeVisible();
  await settled(page);
}

const VISITS: Visit[] = [
  { name: 'home', path: '/en/', ready: scrollThroughHome },
  { name: 'live cams', path: '/en/cams/', ready: withTiles },
  { name: 'performer profile', path: firstLink('a.vv-tile__link[href^="/en/amateur/"]') },
  { name: 'performer pictures', path: firstLink('a[href^="/en/amateur/"][href$="/pictures/"]'), ready: withTiles },
  { name: 'album page', path: firstLink('article[data-album-id] a.vv-tile__link') },
  { name: 'new girls', path: '/en/new-girls/', ready: withTiles },
  { name: 'top cams', path: '/en/top-cams/', ready: withTiles },
  { name: 'categories', path: '/en/categories/' },
  { name: 'category', path: firstLink('a.vv-tile__link[href^="/en/categories/"]'), ready: withTiles },
  { name: 'video grid', path: '/en/videos/', ready: withTiles },
  { name: 'video page', path: firstLink('article[data-video-id] a.vv-tile__link') },
  { name: 'video stars', path: '/en/videos/stars/', ready: withTiles },
  { name: 'tv programme', path: '/en/tv/program/' },
  { name: 'tv livestream', path: '/en/tv/livestream/' },
  { name: 'tv late night', path: '/en/tv/late-night/' },
  { name: 'tv series overview', path: '/en/tv/mediathek/' },
  { name: 'tv series', path: firstLink('a.vv-tile__link[href^="/en/tv/mediathek/"]') },
  { name: 'tv episode', path: firstLink('a[href^="/en/tv/mediathek/"][href*="/video/"]') },
  { name: 'tv article', path: '/en/tv/article/welcome-to-velvet-tv/' },
  {
    name: 'feed',
    path: '/en/feed/',
    ready: async (page) => {
      await expect(page.locator('main article').first()).toBeVisible();
      await settled(page);
    },
  },
  { name: 'blog', path: '/en/blog/' },
  { name: 'blog article', path: firstLink('article[data-post] a.vv-tile__link') },
  { name: 'contests', path: '/en/contests/' },
  { name: 'contest', path: firstLink('a[href^="/en/contests/"]:not([href="/en/contests/"])') },
  { name: 'daily deals', path: '/en/daily-deals/' },
  { name: 'gold rush', path: '/en/gold-rush/' },
  { name: 'scratch card', path: '/en/scratch-card/' },
  { name: 'gift calendar', path: '/en/gift-calendar/' },
  { name: 'terms of service', path: '/en/terms-of-service/' },
  { name: 'data protection', path: '/en/data-protection/' },
  { name: 'home of the white-label tenant', path: '/en/?tenant=amora', ready: scrollThroughHome },
];

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** One line per violation, then its elements: what to fix and where. */
function describe(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.page}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}

test('no page has a serious or critical accessibility violation', async ({ page, expectFailure }) => {
  test.setTimeout(VISITS.length * 20_000);
  // One visitor opening this many pages within a minute sends more remote-load reports than the server takes
  // from a visitor per minute: the surplus is refused (429), as it should be, and does not concern this test.
  expectFailure(/^429 POST .*\/rest\/v1\/federation\/telemetry\/loads$/);
  expectFailure(/Failed to load resource: the server responded with a status of 429/);
  const findings: Finding[] = [];
  for (const visit of VISITS) {
    await test.step(visit.name, async () => {
      const path = typeof visit.path === 'string' ? visit.path : await visit.path(page);
      await page.goto(path);
      await (visit.ready ?? settled)(page);
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      for (const violation of violations) {
        if (!BLOCKING.has(violation.impact ?? '')) continue;
        findings.push({
          page: `${visit.name} ${path}`,
          rule: violation.id,
          impact: violation.impact!,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        });
      }
    });
  }
  expect(describe(findings), 'serious or critical violations').toBe('');
});
