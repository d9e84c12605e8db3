import { expect, signUp, test } from './fixtures';

/** The pages and texts of the hunt, as the guest reads them in each language. */
const TEXTS = {
  de: {
    blog: '/de/magazin/',
    egg: 'Ein Osterei! Sammle es ein',
    found: 'Ei gefunden! Du hast 1 von 8 Eiern.',
    rewards: 'Deine Prämien',
    hunt: '/de/ostereiersuche/',
    counted: 'Du hast 1 von 8 Eiern gefunden.',
  },
  es: {
    blog: '/es/revista/',
    egg: '¡Un huevo de Pascua! Recógelo',
    found: '¡Huevo encontrado! Tienes 1 de 8 huevos.',
    rewards: 'Tus premios',
    hunt: '/es/busqueda-de-huevos/',
    counted: 'Has encontrado 1 de 8 huevos.',
  },
} as const;

for (const language of ['de', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: a guest finds an Easter egg hidden on a page and sees it counted`, async ({ page }) => {
    await signUp(page, `Egg${language}`);

    // The egg hidden on the magazine page is laid over it after hydration, with the token issued to her.
    await page.goto(text.blog);
    const egg = page.getByRole('button', { name: text.egg });
    await expect(egg).toHaveCount(1);
    await egg.click();
    await expect(page.getByTestId('easter-found')).toContainText(text.found);
    await expect(egg).toHaveCount(0);

    // The hunt's page counts it; the egg is hidden no more, and the count holds on a new page load.
    await page.getByRole('link', { name: text.rewards }).click();
    await expect(page).toHaveURL(new RegExp(`${text.hunt}$`));
    await expect(page.getByTestId('easter-count')).toHaveText(text.counted);
    const eggsAsked = page.waitForResponse((response) => response.url().includes('/special/easter/eggs/blog'));
    await page.goto(text.blog);
    expect(((await (await eggsAsked).json()) as { eggs: unknown[] }).eggs).toEqual([]);
    await expect(page.getByRole('button', { name: text.egg })).toHaveCount(0);
    await page.goto(text.hunt);
    await expect(page.getByTestId('easter-count')).toHaveText(text.counted);
  });
}
