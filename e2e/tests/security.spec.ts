import { expect, scrollThroughHome, test } from './fixtures';

test('the page runs under a Content-Security-Policy that refuses inline scripts', async ({ page, expectFailure }) => {
  const response = await page.goto('/en/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  expect(policy).toContain("connect-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The whole home page, its remotes and their styles load without a violation (the fixture fails on any).
  await scrollThroughHome(page);
  expect(await page.locator('head style:not([nonce])').count(), 'every added <style> carries the nonce').toBe(0);
  expect(await page.locator('head style[nonce]').count()).toBeGreaterThan(0);

  // The same page refuses an injected inline script. This violation is the test's own: it is taken before the
  // fixture's listener (capture on window) and its console line is expected.
  expectFailure(/(Executing|Refused to execute) inline script/);
  const refused = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const take = (event: SecurityPolicyViolationEvent) => {
          event.stopImmediatePropagation();
          resolve(event.effectiveDirective);
        };
        window.addEventListener('securitypolicyviolation', take, { capture: true });
        const inline = document.createElement('script');
        inline.textContent = 'window.injected = true';
        document.body.append(inline);
      }),
  );
  expect(refused).toBe('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
