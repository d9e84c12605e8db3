import type { Page } from '@playwright/test';
import { expect, OPERATOR, test } from './fixtures';

// An operator places a teaser on the videos page of the main tenant through the console; a visitor sees it below
// that page in her language (and not on the home page), and its button opens the page it names.

/** The teasers of the page have arrived (they load after hydration). */
const teasersLoaded = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/rest/v1/teaser/getTeasers'));

/** A datetime-local value of the browser's time zone, an hour ago. */
const anHourAgo = () => {
  const then = new Date(Date.now() - 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}T${pad(then.getHours())}:${pad(then.getMinutes())}`;
};

test('a teaser an operator places on the videos page shows there in each language and opens its page', async ({
  page,
  browser,
  request,
}) => {
  const mark = Date.now().toString(36);
  const headlines = {
    English: `New this week ${mark}`,
    German: `Neu diese Woche ${mark}`,
    Dutch: `Nieuw deze week ${mark}`,
    Spanish: `Nuevo esta semana ${mark}`,
  };

  await page.goto('/en/operator/');
  const console = page.getByTestId('operator-console');
  await console.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill(OPERATOR.email);
  await login.getByLabel('Password').fill(OPERATOR.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();

  const panel = page.getByTestId('operator-teasers');
  await panel.getByLabel('Tenant').selectOption('velvet');
  await panel.getByLabel('Route of the page (empty: every page)').fill('videos');
  await panel.getByLabel('Position (lower first)').fill('1');
  await panel.getByLabel('Page the button opens').fill('home');
  await panel.getByLabel('Shown from').fill(anHourAgo());
  for (const [language, headline] of Object.entries(headlines)) {
    const texts = panel.getByRole('group', { name: language });
    await texts.getByLabel('Headline').fill(headline);
    await texts.getByLabel('Text').fill(`${headline}: the newest videos of the week.`);
    await texts.getByLabel('Button').fill(language === 'German' ? 'Zur Startseite' : 'Home');
  }
  const created = page.waitForResponse(
    (response) => response.url().includes('/rest/v1/operator/teasers') && response.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Add teaser' }).click();
  const { data: teaser } = (await (await created).json()) as { data: { id: number } };
  await expect(panel.locator('tbody tr', { hasText: headlines.English })).toBeVisible();

  const visitor = await browser.newPage();
  try {
    let loaded = teasersLoaded(visitor);
    await visitor.goto('/en/videos/');
    expect((await loaded).status()).toBe(200);
    const shown = visitor.getByTestId(`teaser-${teaser.id}`);
    await expect(shown.getByRole('heading', { name: headlines.English })).toBeVisible();
    // Below the page's content, inside the main landmark.
    await expect(visitor.locator('main').getByTestId('teasers')).toBeVisible();

    loaded = teasersLoaded(visitor);
    await visitor.goto('/de/videos/');
    await loaded;
    await expect(visitor.getByTestId(`teaser-${teaser.id}`).getByRole('heading')).toHaveText(headlines.German);

    // Its button opens the home page, where this teaser does not show.
    loaded = teasersLoaded(visitor);
    await visitor.getByTestId(`teaser-${teaser.id}`).getByRole('button', { name: 'Zur Startseite' }).click();
    await expect(visitor).toHaveURL(/\/de\/$/);
    await loaded;
    await expect(visitor.getByTestId(`teaser-${teaser.id}`)).toHaveCount(0);
  } finally {
    await visitor.close();
    // The teaser goes again, so no other page test meets it.
    const auth = await request.post('/rest/v1/auth/login', { data: OPERATOR });
    const { accessToken } = (await auth.json()) as { accessToken: string };
    await request.delete(`/rest/v1/operator/teasers/${teaser.id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
  }
});
