import { expect, signUp, test } from './fixtures';

test('a guest’s sort and page size in the video grid are kept for her next visit, in every language', async ({
  page,
}) => {
  await signUp(page, 'Grid');
  await page.goto('/en/videos/all-videos/');
  const grid = page.locator('.mf-media-grid');
  const tiles = grid.locator('.vv-tile-grid > li');
  await expect(tiles).toHaveCount(16);

  const stored = (response: { url(): string; ok(): boolean }) =>
    response.url().includes('/storeTileGridSettings') && response.ok();
  const pageSizeStored = page.waitForResponse(stored);
  await grid.getByLabel('Per page').selectOption('32');
  await pageSizeStored;
  await expect(tiles).toHaveCount(32);
  const sortStored = page.waitForResponse(stored);
  await grid.getByLabel('Sort by').selectOption({ label: 'Cheapest' });
  await sortStored;

  // The server starts her next grid from what she stored, in German too.
  await page.goto('/de/videos/alle-videos/');
  await expect(tiles).toHaveCount(32);
  await expect(grid.getByLabel('Pro Seite')).toHaveValue('32');
  await expect(grid.getByLabel('Sortieren nach')).toHaveValue('cheapest');
});
