import { DECLARED_ROUTES, SEARCH_TYPES, slugsFor, type RouteDefinition } from '@velvet/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// On a phone (390 px) and a laptop (1366 px) nothing of any page is cut off or spills out of its box: every route
// of the route table (the shell's and every remote.json's), with arguments taken from the seeded data, plus the
// not-found page. One page per size walks them all as a visitor clicking links does: the shell routes each path
// without loading the document again, so the walk is quick and each remote loads once.

/**
 * Arguments no page links to: a mailed token (the page shows that the link is not valid), a typed search of a kind and
 * a tag group (any word filters a performer's videos).
 */
const TYPED_ARGS: Record<string, string> = {
  token: 'no-such-token',
  searchPattern: 'anna',
  searchType: SEARCH_TYPES[0],
  tagGroup: 'amateur',
};
/** The routes whose pages take a typed argument: visited last, as some answer that their link is not valid. */
const TYPED_ROUTES = ['emailVerify', 'passwordReset', 'newsletterConfirm', 'newsletterUnsubscribe', 'videoSearch'];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The route's arguments when `path` (`/en/...`) is a page of it, else null. */
function argsOf(route: RouteDefinition, path: string): Record<string, string> | null {
  const pattern = segments(slugsFor(route, 'en'));
  const [language, ...rest] = segments(path);
  if (language !== 'en' || pattern.length !== rest.length) return null;
  const args: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(':')) args[part.slice(1)] = decodeURIComponent(rest[index]!);
    else if (part !== rest[index]) return null;
  }
  return args;
}

const pathOf = (route: RouteDefinition, args: Record<string, string>) =>
  `/en/${segments(slugsFor(route, 'en'))
    .map((part) => (part.startsWith(':') ? encodeURIComponent(args[part.slice(1)]!) : part))
    .join('/')}/`.replace(/\/+$/, '/');

/**
 * What overflows on the page: the document wider than the screen, an element whose box reaches out of its parent's
 * (a parent that clips or scrolls holds it on purpose; positioned badges and dropdowns are placed on purpose), and
 * text that spills out of the box it is in.
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element) => {
      const classes = [...element.classList].slice(0, 2).join('.');
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? `[${testId}]` : ''} "${text}"`;
    };
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      found.push(`the page is ${root.scrollWidth} px wide on a ${window.innerWidth} px screen`);
    // What the browser does not render (the content of a closed <details>, a hidden element) is nobody's view.
    const visible = (element: Element, box: DOMRect) =>
      box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true });
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (!visible(element, box)) continue;
      if (style.overflowX === 'visible' && style.display !== 'inline' && element instanceof HTMLElement) {
        const spills = element.scrollWidth - element.clientWidth;
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
        );
        if (ownText && element.clientWidth > 0 && spills > 1)
          found.push(`${name(element)}: its text spills ${spills} px`);
      }
      if (style.position === 'absolute' || style.position === 'fixed') continue;
      const parent = element.parentElement;
      if (!parent || parent === document.body) continue;
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.overflowX !== 'visible' || parentStyle.display === 'contents') continue;
      const outer = parent.getBoundingClientRect();
      const beyond = Math.max(outer.left - box.left, box.right - outer.right);
      if (beyond > 1) found.push(`${name(element)} reaches ${Math.round(beyond)} px out of ${name(parent)}`);
    }
    return found;
  });
}

/** Every page's links as paths of the site, to find pages of routes with arguments among them. */
const linksOn = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((anchor) => new URL(anchor.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('no page has anything cut off or spilling out of its box', async ({ page, expectFailure }) => {
      const problems: string[] = [];
      const seen = new Set<string>();
      const check = async (path: string) => {
        // Parts still loading their data (a placeholder or a spinner) are waited for: their content is what must fit,
        // and their links lead on (home's blocks below the screen wait for the visitor to come near them).
        await expect(page.locator('main :is([aria-busy="true"], .vv-spinner):not([data-home-block])')).toHaveCount(0);
        for (const problem of await overflows(page)) problems.push(`${path}: ${problem}`);
        for (const link of await linksOn(page)) seen.add(link);
      };
      /** Follows a link to `path` the way a click does, and waits until the page's owner shows it. */
      const visit = async (path: string) => {
        await page.evaluate((target) => {
          const link = document.createElement('a');
          link.href = target;
          document.body.append(link);
          link.click();
          link.remove();
        }, path);
        await page.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(path));
        const owner = DECLARED_ROUTES.find((route) => argsOf(route, path) !== null)?.owner;
        if (owner && owner !== 'shell') await expect(page.locator(`main [data-remote="${owner}"]`)).toBeVisible();
        // The route's change renders within a frame or two; its loads show as busy from then on.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await check(path);
      };

      await page.goto('/en/');
      await check('/en/');
      const withArgs = DECLARED_ROUTES.filter((route) =>
        segments(slugsFor(route, 'en')).some((s) => s.startsWith(':')),
      );
      const plain = DECLARED_ROUTES.filter((route) => !withArgs.includes(route));
      for (const route of plain.filter((route) => route.name !== 'home')) await visit(pathOf(route, {}));
      const typed = withArgs.filter((route) => TYPED_ROUTES.includes(route.name));
      // The seeded catalogue's pages (performers, videos, albums, TV, blog) as the sitemap lists them.
      const index = await (await page.request.get('/sitemap.xml')).text();
      for (const part of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
        const xml = await (await page.request.get(new URL(part[1]!).pathname)).text();
        for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) seen.add(new URL(loc[1]!).pathname);
      }
      // A page of a route with arguments is one of the pages seen so far (an episode among a series' videos), or
      // made of arguments seen on other routes' pages (a performer's name) and typed ones, until no more are found.
      const values = (name: string) => {
        for (const path of seen)
          for (const route of DECLARED_ROUTES) {
            const value = argsOf(route, path)?.[name];
            if (value) return value;
          }
        return TYPED_ARGS[name];
      };
      let pending = withArgs.filter((route) => !typed.includes(route));
      for (let found = true; found && pending.length > 0;) {
        found = false;
        for (const route of pending) {
          let path = [...seen].find((candidate) => argsOf(route, candidate) !== null);
          if (!path) {
            const names = segments(slugsFor(route, 'en'))
              .filter((part) => part.startsWith(':'))
              .map((part) => part.slice(1));
            const args = Object.fromEntries(names.map((name) => [name, values(name)]));
            if (names.every((name) => args[name])) path = pathOf(route, args as Record<string, string>);
          }
          if (!path) continue;
          await visit(path);
          pending = pending.filter((other) => other !== route);
          found = true;
        }
      }
      const unreached = pending.map((route) => route.name);
      expect(unreached, 'routes whose pages were not found').toEqual([]);
      // A token that is not valid, and a page that does not exist, are answered so.
      expectFailure(/^4\d\d (GET|POST) .*\/rest\/v1\//);
      expectFailure(/^404 GET .*\/en\/no-such-page\/$/);
      expectFailure(/Failed to load resource: the server responded with a status of 4\d\d/);
      for (const route of typed) {
        const args = Object.fromEntries(
          segments(slugsFor(route, 'en'))
            .filter((part) => part.startsWith(':'))
            .map((part) => [part.slice(1), TYPED_ARGS[part.slice(1)]!]),
        );
        await visit(pathOf(route, args));
      }
      await page.goto('/en/no-such-page/');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await check('/en/no-such-page/');
      expect(problems).toEqual([]);
    });
  });
}
