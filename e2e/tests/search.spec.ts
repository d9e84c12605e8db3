import { expect, test } from './fixtures';
import { PINNED_PERFORMERS } from './pinned-performers';

/**
 * The global search of the navbar as a guest uses it: `/` opens it, a performer's name typed with a letter wrong
 * still proposes her, Enter opens her profile, and the search is among her recent ones when she opens it again.
 * The result pages of a kind come rendered from the server.
 */

const performer = PINNED_PERFORMERS.liveVideo;
// One letter wrong in the middle of her name.
const misspelt = `${performer.slice(0, 5)}y${performer.slice(6)}`;

const TEXTS = {
  de: {
    field: 'Die Seite durchsuchen',
    recent: 'Letzte Suchen',
    results: 'suchergebnisse',
    title: 'Suchergebnisse für',
  },
  es: {
    field: 'Buscar en el sitio',
    recent: 'Búsquedas recientes',
    results: 'resultados-de-busqueda',
    title: 'Resultados de búsqueda para',
  },
} as const;

for (const [language, texts] of Object.entries(TEXTS)) {
  test(`${language}: a guest finds a performer by a misspelt name with / and sees her recent searches`, async ({
    page,
  }) => {
    expect(misspelt).not.toBe(performer);
    await page.goto(`/${language}/`);
    await page.keyboard.press('/');
    const field = page.getByRole('combobox', { name: texts.field });
    await expect(field).toBeFocused();
    await field.pressSequentially(misspelt, { delay: 30 });
    const proposal = page
      .getByRole('option')
      .filter({ hasText: new RegExp(performer, 'i') })
      .first();
    await expect(proposal).toBeVisible();
    // Down to her (the first proposal is the best one), Enter opens her profile.
    await field.press('ArrowDown');
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('option').first()).toContainText(new RegExp(performer, 'i'));
    await field.press('Enter');
    await expect(page).toHaveURL(`/${language}/amateur/${performer}/`);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.keyboard.press('/');
    await expect(page.getByText(texts.recent)).toBeVisible();
    await expect(page.getByRole('option', { name: misspelt })).toBeVisible();
    await page.getByRole('combobox', { name: texts.field }).press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The recent searches outlive a reload (kept in the browser while functional storage is allowed).
    await page.reload();
    await page.keyboard.press('/');
    await expect(page.getByRole('option', { name: misspelt })).toBeVisible();
  });

  test(`${language}: the result page of a kind is rendered by the server`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/${language}/${texts.results}/models/${misspelt}/`);
      await expect(page.getByRole('heading', { level: 1, name: `${texts.title}` })).toBeVisible();
      await expect(page.locator(`a[href="/${language}/amateur/${performer}/"]`).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('search result pages are kept out of search engines in every language', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const slug of ['/en/search-results/*/', '/de/suchergebnisse/*/', '/es/resultados-de-busqueda/*/'])
    expect(robots).toContain(`Disallow: ${slug}`);
});
