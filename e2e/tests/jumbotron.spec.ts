import { expect, test } from './fixtures';

// Home's Videostation block is the jumbotron: a carousel of recommended videos whose slides link to their video
// pages, moved on by its buttons, in the visitor's language.

const texts = {
  de: { position: (n: number) => new RegExp(`^${n} von \\d+$`), next: 'Nächstes Video' },
  es: { position: (n: number) => new RegExp(`^${n} de \\d+$`), next: 'Vídeo siguiente' },
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [language, text] of Object.entries(texts)) {
  test(`home in ${language} shows the jumbotron, its next button moves on, a slide opens its video`, async ({
    page,
  }) => {
    await page.goto(`/${language}/`);
    // The block loads its remote when it comes near the screen.
    await page.locator('[data-home-block="Videostation"]').scrollIntoViewIfNeeded();
    const carousel = page.locator('[data-widget="home.Videostation"]').getByRole('region', { name: 'Videostation' });
    await expect(carousel).toBeVisible();
    // Pointing at it stops its rotation, so the slides below change only by the button.
    await carousel.hover();

    const first = carousel.getByRole('group', { name: text.position(1) });
    await expect(first).toBeVisible();
    await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
    const firstLink = first.getByRole('link');
    const firstHref = await firstLink.getAttribute('href');
    const title = await first.getByRole('img').getAttribute('alt');

    await carousel.getByRole('button', { name: text.next }).click();
    const second = carousel.getByRole('group', { name: text.position(2) });
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();
    expect(await second.getByRole('link').getAttribute('href')).not.toBe(firstHref);

    await carousel.getByRole('button', { name: new RegExp(`: ${escaped(title!)}$`) }).click();
    await expect(first).toBeVisible();
    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`${escaped(firstHref!)}$`));
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
  });
}
