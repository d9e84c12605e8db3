import { test as base, expect, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test';
import { OPERATOR } from './operator-account';

/**
 * Every page a test opens fails the test on a console error, an uncaught exception, a Content-Security-Policy
 * violation or a failed request (network failure or an answer of 400 and above), unless the test says it expects
 * that answer.
 */
/** Waits until the shell has taken the server-rendered page over (or failed to boot). */
export const shellReady = (page: Page) =>
  page.locator('html[data-ready], .vv-boot-error').first().waitFor({ state: 'attached' });

export const test = base.extend<{
  expectFailure: (pattern: RegExp) => void;
  /**
   * The visitor's cookie choice the browser starts with (the cookie banner's value), and that the install prompt was
   * dismissed: both overlays would lie over the page another test clicks through. null starts without either.
   */
  decided: string | null;
}>({
  decided: ['necessary.functional.analytics', { option: true }],
  context: async ({ context, decided, baseURL }, provide) => {
    if (decided !== null && baseURL) {
      const port = new URL(baseURL).port;
      await context.addCookies(
        [`http://localhost:${port}`, `http://amora.localhost:${port}`].flatMap((url) => [
          { name: 'cookiebanner-accepted', value: decided, url },
          { name: 'hbip', value: '1', url },
        ]),
      );
    }
    await provide(context);
  },
  // Pages come rendered from the server and are hydrated a moment later: a page opened with JavaScript is used once
  // the shell has taken it over (`data-ready` on <html>), as a click before would find buttons without handlers.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const taken = async (response: Response | null) => {
        if (
          response?.headers()['content-type']?.startsWith('text/html') &&
          response.request().resourceType() === 'document'
        )
          await shellReady(page);
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => taken(await goto(url, options));
      page.reload = async (options) => taken(await reload(options));
    }
    await provide(page);
  },
  expectFailure: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expected: RegExp[] = [];
      const isExpected = (text: string) => expected.some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpected(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Anything the Content-Security-Policy refused (a script, style, image, connection) is a problem too.
      await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`,
          ),
        ),
      );
      page.on('requestfailed', (request) => {
        // A navigation away cancels requests still under way; that is not a failure of the site.
        if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
        problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
      });
      page.on('response', (response) => {
        const line = `${response.status()} ${response.request().method()} ${response.url()}`;
        if (response.status() >= 400 && !isExpected(line)) problems.push(`answer: ${line}`);
      });
      await use((pattern) => expected.push(pattern));
      expect(problems, 'console errors and failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export { OPERATOR };

/**
 * The recommended performers' messenger terms, set by the operator: 1 coin a message, no free messages, and writing
 * to them free or not, so a spec pays only for what it tests.
 */
export async function setRecommendedTerms(
  request: APIRequestContext,
  { isMessagingFree }: { isMessagingFree: boolean },
) {
  const login = await request.post('/rest/v1/auth/login', { data: OPERATOR });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const recommended = await request.get('/rest/v1/messenger/recommendations?useGrid=true');
  const { actors } = (await recommended.json()) as { actors: { id: number }[] };
  for (const actor of actors) {
    const terms = await request.post(`/rest/v1/messenger/actor/${actor.id}/terms`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { messagePrice: 100, freeMessagesAmount: 0, isMessagingFree },
    });
    expect(terms.status()).toBe(200);
  }
}

/**
 * Home loads a block's remote when the block comes near the screen: scrolls to each block still waiting, as a
 * visitor reading the whole page would, until every block has its widget or has left the page (failed).
 */
export async function scrollThroughHome(page: Page) {
  await expect(page.getByTestId('home')).toBeVisible();
  const waiting = page.locator('[data-home-block][aria-busy="true"]');
  for (let step = 0; (await waiting.count()) > 0; step++) {
    expect(step, 'every home block comes near the screen').toBeLessThan(50);
    // The block may start loading (and stop waiting) at any moment: then there is nothing to scroll to.
    await waiting
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(page.locator('[data-home-block]:empty')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Scrolls through the page a screen at a time (a rendered frame each, so lazy images start), waits until every image
 * request made meanwhile has ended, then checks that none is broken. It waits for the images alone: a live player
 * keeps the network busy for as long as the page is open.
 */
export async function expectNoBrokenImages(page: Page) {
  const loading = new Set<Request>();
  const started = (request: Request) => {
    if (request.resourceType() === 'image') loading.add(request);
  };
  const ended = (request: Request) => loading.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
    });
    await expect.poll(() => loading.size, { message: 'image requests still loading' }).toBe(0);
    // An image still loading from before the scroll is waited for by the page itself.
    await page.evaluate(() =>
      Promise.all(
        Array.from(document.images)
          .filter((image) => image.currentSrc && !image.complete && image.loading !== 'lazy')
          .map((image) => image.decode().catch(() => undefined)),
      ),
    );
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  const broken = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.currentSrc && image.naturalWidth === 0)
      .map((image) => image.currentSrc),
  );
  expect(broken, 'broken images').toEqual([]);
}

/** Signs a new guest up through the navbar on the English home page, as a visitor would; `prefix` names the spec. */
export async function signUp(page: Page, prefix: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/en/');
  await page.getByTestId('navbar').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('User name').fill(`${prefix}${stamp.slice(-8)}`);
  await signup.getByLabel('Email').fill(`${prefix.toLowerCase()}-${stamp}@example.com`);
  await signup.getByLabel('Password').fill('a-long-enough-password');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByTestId('navbar-balance')).toHaveText('0\u00a0VXC');
}

/** Buys 40 coins for 10 € with the sandbox test card through the navbar's money charge, as a guest does. */
export async function buyCoins(page: Page) {
  await page.getByTestId('navbar-balance').click();
  const dialog = page.getByRole('dialog', { name: 'Buy coins' });
  await dialog.getByRole('radio', { name: /10,00\s€/ }).check();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay 10,00\u00a0€' }).click();
  await expect(dialog).toBeHidden();
}
