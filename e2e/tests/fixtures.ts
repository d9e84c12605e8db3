import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page a test opens fails the test on a console error, an uncaught exception or a failed request
 * (network failure or an answer of 400 and above), unless the test says it expects that answer.
 */
export const test = base.extend<{ expectFailure: (pattern: RegExp) => void }>({
  expectFailure: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expected: RegExp[] = [];
      const isExpected = (text: string) => expected.some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpected(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
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

/** Scrolls through the page so lazy images load, then checks that none is broken. */
export async function expectNoBrokenImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  const broken = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.currentSrc && image.naturalWidth === 0)
      .map((image) => image.currentSrc),
  );
  expect(broken, 'broken images').toEqual([]);
}
