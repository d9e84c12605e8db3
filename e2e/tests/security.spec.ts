import { expect, scrollThroughHome, test } from './fixtures';

test('the page runs under a Content-Security-Policy that refuses inline scripts and styles', async ({
  page,
  expectFailure,
}) => {
  const response = await page.goto('/en/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  // Nothing of the answer's own: the page is the same bytes for every visitor (compressed once, cacheable).
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('nonce');
  expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  expect(policy).toContain("connect-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The whole home page, its remotes and their styles load without a violation (the fixture fails on any).
  await scrollThroughHome(page);
  // The only <style> elements are those the server wrote, each allowed by its hash; the remotes' style sheets
  // arrive as files of their builds.
  const styleHashes = await page.evaluate(async () =>
    Promise.all(
      [...document.querySelectorAll('style')].map(async (style) => {
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style.textContent ?? ''));
        return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
      }),
    ),
  );
  expect(styleHashes.length).toBeGreaterThan(0);
  for (const hash of styleHashes) expect(policy, 'every <style> is allowed by its hash').toContain(hash);
  expect(await page.locator('link[rel="stylesheet"][href*="/remotes/"]').count()).toBeGreaterThan(0);

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
        window.addEventListener('securitypolicyviolation', take, { capture: true, once: true });
        const inline = document.createElement('script');
        inline.textContent = 'window.injected = true';
        document.body.append(inline);
      }),
  );
  expect(refused).toBe('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();

  // And an injected <style>, whose text no hash of the policy allows.
  expectFailure(/inline style/);
  const refusedStyle = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const take = (event: SecurityPolicyViolationEvent) => {
          event.stopImmediatePropagation();
          resolve(event.effectiveDirective);
        };
        window.addEventListener('securitypolicyviolation', take, { capture: true, once: true });
        const inline = document.createElement('style');
        inline.textContent = 'body { display: none }';
        document.head.append(inline);
      }),
  );
  expect(refusedStyle).toBe('style-src-elem');
  await expect(page.locator('body')).toBeVisible();
});
