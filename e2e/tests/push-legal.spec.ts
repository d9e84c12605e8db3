import { readFile } from 'node:fs/promises';
import { expect, signUp, test } from './fixtures';

/**
 * Legal texts are pages a visitor reads without JavaScript and documents to keep; web push runs in the browser: the
 * worker registers at scope / and shows what a push brings. A real push service is not reachable here, so the
 * browser flow is followed as far as Chromium takes it and the worker is handed its push through DevTools.
 */

const LEGAL_PAGES = {
  de: [
    ['agb', 'Nutzungsvertrag'],
    ['geschaeftsbedingungen', 'Allgemeine Geschäftsbedingungen'],
    ['nutzungsbedingungen', 'Nutzungsbedingungen'],
    ['datenschutz', 'Datenschutzerklärung'],
    ['impressum', 'Impressum'],
  ],
  es: [
    ['terminos-de-servicio', 'Términos del servicio'],
    ['condiciones-generales', 'Condiciones generales de contratación'],
    ['condiciones-de-uso', 'Condiciones de uso'],
    ['proteccion-de-datos', 'Protección de datos'],
    ['aviso-legal', 'Aviso legal'],
  ],
} as const;

test.describe('legal pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [language, pages] of Object.entries(LEGAL_PAGES)) {
    test(`${language}: every legal text is a page of the server, linked from the footer`, async ({ page }) => {
      for (const [slug, title] of pages) {
        const response = await page.goto(`/${language}/${slug}/`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const article = page.locator('article.vv-legal');
        await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
        expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
        await expect(article.locator('p').nth(3)).not.toBeEmpty();
        await expect(article.getByTestId('legal-download')).toHaveAttribute(
          'href',
          /^\/rest\/v1\/asset\/legal-text\/download\/\d+$/,
        );
        const footer = page.locator('footer.vv-footer');
        for (const [other] of pages) await expect(footer.locator(`a[href="/${language}/${other}/"]`)).toHaveCount(1);
      }
      // The imprint names the operator.
      await page.locator('footer.vv-footer').locator(`a[href="/${language}/${pages[4][0]}/"]`).click();
      await expect(page.locator('article.vv-legal')).toContainText('Velvet Media GmbH');
    });
  }
});

test('a legal text downloads as a document of its own', async ({ page }) => {
  await page.goto('/en/terms-of-use/');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('legal-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('velvet-tou-en-v1.html');
  const html = await readFile((await download.path())!, 'utf8');
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toContain('<h1>Terms of use</h1>');
  expect(html).toContain('<h2>1. Respect</h2>');
});

test('the push worker registers at scope / from the settings, and shows a push it is handed', async ({
  page,
  context,
  baseURL,
  expectFailure,
}) => {
  // Playwright's browser contexts are incognito-like, where Chromium refuses the browser's subscription and says so.
  expectFailure(/does not support the Push API in incognito mode/);
  const consoleLines: string[] = [];
  page.on('console', (line) => consoleLines.push(line.text()));
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await signUp(page, 'Pushy');
  await page.goto('/en/myvisitx/push-notifications/');
  const settings = page.getByTestId('push-settings');
  const switchOn = settings.getByRole('button', { name: 'Switch on' });
  await expect(switchOn).toBeVisible();

  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const workerStarted = context.waitForEvent('serviceworker');
  const keyAnswer = page.waitForResponse((response) => response.url().includes('/rest/v1/web-push/key'));
  await switchOn.click();
  // The server's key is fetched after the worker registered: the flow went past permission and registration.
  expect((await keyAnswer).status()).toBe(200);
  const registrationId = await registered;
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(worker).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/push-worker-desktop.js` });
  // Where Chromium reaches a push service the page says push is on; here its subscribe with the key is refused (the
  // console says why) and the page says it did not work.
  await expect(
    settings.getByText('Push notifications are on for this device.').or(settings.getByRole('alert')),
  ).toBeVisible();

  if (await settings.getByRole('alert').isVisible()) {
    await expect(settings.getByRole('alert')).toHaveText('That did not work. Please try again.');
    expect(consoleLines.some((line) => line.includes('Push API'))).toBe(true);
  }

  // What the worker asks the browser to show is read inside the worker: Chromium's list of shown notifications
  // follows its display layer, which in a headless browser may drop a notification it never put on a screen.
  const serviceWorker = await workerStarted;
  await serviceWorker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: unknown[] };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shown = [];
    scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
      scope.shown.push({ title, ...options });
      return show(title, options);
    };
  });
  const message = {
    event: 'actor-online',
    title: 'Mia is online now',
    body: 'Your favourite Mia just went live. Drop by and say hello!',
    url: '/en/amateur/mia/',
    tag: 'actor-online-7',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() => serviceWorker.evaluate(() => (self as unknown as { shown: unknown[] }).shown))
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        data: { url: message.url },
        requireInteraction: true,
      },
    ]);
});
