import { screen, within } from '@testing-library/react';
import { chatEndpoints } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo } from '@velvet/testing';
import { locales } from './locales';
import { CamShowsWidget, CategoriesWidget, NewGirlsWidget, TopCamsWidget } from './widgets/HomeWidgets';
import widgets from './widgets';
import { actorItem, listPage } from './test/fixtures';

describe('home widgets', () => {
  it('fills the four home slots of remote.json', () => {
    expect(Object.keys(widgets).sort()).toEqual(['home.CAMSHOWS', 'home.Categories', 'home.New', 'home.TOP']);
  });

  it.each([
    [TopCamsWidget, 'top-cams', 'Top cams', '/en/top-cams/'],
    [NewGirlsWidget, 'new-girls', 'New girls', '/en/new-girls/'],
    [CamShowsWidget, 'cam-shows', 'Cam shows', '/en/cam-shows/'],
  ] as const)('shows a row of its list with a link to the full page', async (Widget, kind, title, href) => {
    const platform = createMockPlatform({
      rest: { [chatEndpoints.actorList.path]: () => listPage([actorItem(1), actorItem(2)], { kind }) },
    });
    renderWithPlatform(<Widget />, { platform, remote: 'mf-chat', locales });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: title })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', href);
    expect(restCallsTo(platform, chatEndpoints.actorList)[0]).toEqual({
      params: { kind },
      query: { page: 1, pageSize: 5 },
    });
  });

  it('shows the categories with a link to all of them', async () => {
    const category = (id: number) => ({
      id,
      slug: `c${id}`,
      name: `Category ${id}`,
      actorCount: 3,
      onlineCount: 1,
      preview: { id, url: `/media/c${id}.webp`, width: 320, height: 320 },
    });
    const platform = createMockPlatform({
      language: 'nl',
      rest: { [chatEndpoints.categories.path]: () => ({ categories: [1, 2, 3, 4, 5, 6, 7].map(category) }) },
    });
    renderWithPlatform(<CategoriesWidget />, { platform, remote: 'mf-chat', locales });
    expect(await screen.findByRole('heading', { level: 2, name: 'Categorieën' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Categorieën' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Alles tonen' })).toHaveAttribute('href', '/nl/categories/');
  });
});

describe('translations', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
      : [prefix];
  it('has every key in de, en, nl and es', () => {
    const { de, en, es, nl } = locales;
    const english = keys(en).sort();
    expect(english.length).toBeGreaterThan(50);
    for (const other of [de, nl, es]) expect(keys(other).sort()).toEqual(english);
  });
});
