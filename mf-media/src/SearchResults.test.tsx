import { fireEvent, screen, within } from '@testing-library/react';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, routeHref } from '@velvet/testing';
import { SEARCH_PAGE_SIZES, searchEndpoints, type SearchItem } from '@velvet/contracts';
import { locales } from './locales';
import { MediaApp } from './MediaApp';

const model = (id: number): SearchItem => ({
  type: 'models',
  id,
  title: `Model ${id}`,
  subtitle: 'fun, open, tender',
  imageUrl: `/media/a${id}.jpg`,
  imageWidth: 320,
  imageHeight: 320,
  route: { name: 'actorProfile', args: { actorName: `model${id}` } },
  online: id % 2 === 1,
  mobileVideoCall: false,
});

function renderResults(searchType: string, total: number) {
  const platform = createMockPlatform({
    route: { name: 'searchResults', args: { searchType, searchPattern: 'anna' } },
    rest: restFixture(searchEndpoints.search, ({ params, query }) => {
      const from = query?.from ?? 0;
      const take = query?.take ?? 30;
      return {
        searchPattern: params.searchPattern,
        sections: [
          {
            type: query?.searchType ?? 'models',
            total: query?.withTotalCount === '1' ? total : null,
            items: Array.from({ length: Math.max(0, Math.min(take, total - from)) }, (_, i) => model(from + i + 1)),
          },
        ],
      };
    }),
  });
  renderWithPlatform(<MediaApp />, { platform, remote: 'mf-media', locales });
  return platform;
}

describe('search results', () => {
  test('one page of the kind in its page size, the total asked on the first page only', async () => {
    const platform = renderResults('models', 70);
    const list = await screen.findByRole('list', { name: 'Search results for “anna”' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(SEARCH_PAGE_SIZES.models);
    expect(screen.getByText('70 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Model 1\b/ })).toHaveAttribute(
      'href',
      routeHref('actorProfile', { actorName: 'model1' }),
    );
    expect(within(list).getAllByText('Online')).toHaveLength(15);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: /Model 61\b/ })).toBeInTheDocument();
    const calls = restCallsTo(platform, searchEndpoints.search);
    expect(calls[0]).toMatchObject({
      params: { language: 'en', searchPattern: 'anna' },
      query: { searchType: 'models', from: 0, take: 30, withTotalCount: '1' },
    });
    expect(calls.at(-1)).toMatchObject({ query: { from: 60, take: 30, withTotalCount: '0' } });
    // Every kind has its tab; the current one is marked.
    const tabs = screen.getByRole('navigation', { name: 'Kinds of results' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(9);
    expect(within(tabs).getByRole('link', { name: 'Models' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'href',
      routeHref('searchResults', { searchType: 'blog', searchPattern: 'anna' }),
    );
  });

  test('the ASMR kind pages by 3; nothing found says so', async () => {
    const platform = renderResults('asmr', 0);
    expect(await screen.findByText('Nothing found for “anna”')).toBeInTheDocument();
    expect(restCallsTo(platform, searchEndpoints.search)[0]).toMatchObject({
      query: { searchType: 'asmr', take: SEARCH_PAGE_SIZES.asmr },
    });
  });
});
