import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MOOD_DEBOUNCE_MS,
  actorSearchEndpoints,
  SEARCH_CONDITION_DEFAULTS,
  type ActorSearchResult,
  type EndpointInput,
} from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture } from '@velvet/testing';
import { locales } from '../locales';
import { actorItem } from '../test/fixtures';
import { searchInit, searchResult } from '../test/searchFixtures';
import { SearchPanel } from './SearchPanel';

type SearchCall = EndpointInput<typeof actorSearchEndpoints.search>;

/** A search server whose answers the test can hold back and release in any order. */
function searchServer(answer: (input: SearchCall) => Partial<ActorSearchResult> = () => ({})) {
  const held: { input: SearchCall; release: () => void }[] = [];
  let holding = false;
  const handler = (input: SearchCall) => {
    const result = searchResult({
      actors: [{ ...actorItem(input.query.page * 10), distanceKm: null }],
      page: input.query.page,
      maxPage: 3,
      totalHits: 61,
      ...answer(input),
      requestId: input.body.requestId,
    });
    if (!holding) return result;
    return new Promise<ActorSearchResult>((resolve) => held.push({ input, release: () => resolve(result) }));
  };
  return { handler, held, hold: (on: boolean) => void (holding = on) };
}

function renderSearch(server = searchServer(), extra: Parameters<typeof createMockPlatform>[0] = {}) {
  const platform = createMockPlatform({
    route: { name: 'cams' },
    ...extra,
    rest: {
      ...restFixture(actorSearchEndpoints.init, ({ query }) =>
        searchInit({ searchType: query.searchType === 'location' ? 'location' : 'default' }),
      ),
      ...restFixture(actorSearchEndpoints.search, server.handler),
      ...restFixture(actorSearchEndpoints.deleteFilter, ({ body }) => ({
        searchConditions: body.filter
          ? { ...body.searchConditions, [body.filter]: SEARCH_CONDITION_DEFAULTS[body.filter] }
          : SEARCH_CONDITION_DEFAULTS,
      })),
      ...restFixture(actorSearchEndpoints.geoLocationByZip, ({ params }) =>
        params.zipCode === '10115'
          ? { lat: 52.53, long: 13.38, city: 'Berlin' }
          : { lat: null, long: null, city: null },
      ),
      ...extra.rest,
    },
  });
  renderWithPlatform(<SearchPanel collection="cams" />, { platform, remote: 'mf-chat', locales });
  const searches = () => restCallsTo(platform, actorSearchEndpoints.search).map((input) => input!);
  return { platform, searches };
}

describe('actor search panel', () => {
  it('inits once per search type and searches the online cams', async () => {
    const { platform, searches } = renderSearch();
    expect(await screen.findByText('Performer10')).toBeInTheDocument();
    expect(screen.getByText('61 performers found')).toBeInTheDocument();
    expect(searches()).toEqual([
      {
        query: { page: 1 },
        body: {
          moodValue: '',
          searchType: 'default',
          sortType: 'rank',
          requestId: 1,
          searchConditions: SEARCH_CONDITION_DEFAULTS,
          currentCollection: 'cams',
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(searches().at(-1)?.body.searchType).toBe('location'));
    fireEvent.click(screen.getByRole('button', { name: 'Everyone' }));
    await waitFor(() => expect(searches().at(-1)?.body.searchType).toBe('default'));
    // Back on a search type seen before: its init is not asked again.
    expect(restCallsTo(platform, actorSearchEndpoints.init).map((input) => input?.query.searchType)).toEqual([
      'default',
      'location',
    ]);
    expect(searches().map((input) => input.body.requestId)).toEqual([1, 2, 3]);
  });

  it(`debounces the mood by ${MOOD_DEBOUNCE_MS} ms and searches once for what was typed last`, async () => {
    const { searches } = renderSearch();
    await screen.findByText('Performer10');
    const mood = screen.getByRole('searchbox', { name: 'What are you in the mood for?' });
    const typedAt = Date.now();
    for (const value of ['p', 'pla', 'playful']) fireEvent.change(mood, { target: { value } });
    expect(searches()).toHaveLength(1);
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(MOOD_DEBOUNCE_MS - 50);
    expect(searches()[1]!.body.moodValue).toBe('playful');
  });

  it('applies only the newest answer when answers arrive out of order', async () => {
    const server = searchServer((input) => ({
      actors: [{ ...actorItem(input.query.page * 10 + (input.body.sortType === 'newest' ? 1 : 0)), distanceKm: null }],
    }));
    const { searches } = renderSearch(server);
    await screen.findByText('Performer10');
    server.hold(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.held).toHaveLength(1));
    // A sort change resets to page 1.
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'newest' } });
    await waitFor(() => expect(server.held).toHaveLength(2));
    expect(
      searches()
        .slice(1)
        .map((input) => [input.query.page, input.body.sortType, input.body.requestId]),
    ).toEqual([
      [2, 'rank', 2],
      [1, 'newest', 3],
    ]);
    act(() => server.held[1]!.release());
    expect(await screen.findByText('Performer11')).toBeInTheDocument();
    // The mock platform hands an answer on in promise steps only: past one task boundary the stale answer is handled.
    await act(async () => {
      server.held[0]!.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText('Performer20')).toBeNull();
    expect(screen.getByText('Performer11')).toBeInTheDocument();
  });

  it('filters, shows the set filters as chips and deletes one or all of them', async () => {
    const { platform, searches } = renderSearch();
    await screen.findByText('Performer10');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Free chat only' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]!.body).toMatchObject({
      changedFilter: 'freeChatOnly',
      searchConditions: { freeChatOnly: true },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'From' }), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Couple' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '13' } });
    await waitFor(() => expect(searches().at(-1)?.body.searchConditions?.categoryId).toBe(13));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Gender: Couple×', 'From: from 25×', 'Category: Couples×', 'Free chat only×']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Gender: Couple' }));
    await waitFor(() => expect(within(chips).getAllByRole('listitem')).toHaveLength(3));
    expect(restCallsTo(platform, actorSearchEndpoints.deleteFilter)[0]?.body.filter).toBe('genders');
    await waitFor(() => expect(searches().at(-1)?.body.searchConditions?.genders).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove all filters' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    expect(restCallsTo(platform, actorSearchEndpoints.deleteFilter)[1]?.body.filter).toBeUndefined();
    await waitFor(() => expect(searches().at(-1)?.body.searchConditions).toEqual(SEARCH_CONDITION_DEFAULTS));
  });

  it('searches around a zip only once it has 5 characters and shows the distances', async () => {
    const server = searchServer((input) =>
      input.body.forcedGuestZip
        ? { actors: [{ ...actorItem(3), distanceKm: 4 }], searchType: 'location', sortType: 'distance' }
        : {},
    );
    const { platform, searches } = renderSearch(server);
    await screen.findByText('Performer10');
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    const zip = await screen.findByRole('textbox', { name: 'Your zip code' });
    // fireEvent runs in act: the effects of the change, a lookup among them, have run when it returns.
    fireEvent.change(zip, { target: { value: '1011' } });
    expect(restCallsTo(platform, actorSearchEndpoints.geoLocationByZip)).toEqual([]);
    fireEvent.change(zip, { target: { value: '99999' } });
    expect(await screen.findByText('We do not know the zip code 99999.')).toBeInTheDocument();
    fireEvent.change(zip, { target: { value: '10115' } });
    expect(await screen.findByText('Searching around 10115 Berlin')).toBeInTheDocument();
    expect(restCallsTo(platform, actorSearchEndpoints.geoLocationByZip).map((input) => input?.params.zipCode)).toEqual([
      '99999',
      '10115',
    ]);
    expect(await screen.findByText('4 km')).toBeInTheDocument();
    expect(searches().at(-1)?.body).toMatchObject({
      searchType: 'location',
      sortType: 'distance',
      forcedGuestZip: '10115',
      forcedGuestLocation: { lat: 52.53, long: 13.38 },
      forcedGuestLocationSource: 'zip',
    });
  });

  it('shows the empty state for no result and follows online pushes in the results', async () => {
    const server = searchServer((input) => (input.body.moodValue === 'nobody' ? { actors: [], totalHits: 0 } : {}));
    const { platform } = renderSearch(server);
    const tile = () => document.querySelector('[data-actor-id="10"]')!;
    await screen.findByText('Performer10');
    act(() => platform.emit({ type: 'actorOffline', actorId: 10, actorName: 'performer10' }));
    await waitFor(() => expect(tile()).toHaveAttribute('data-online', 'false'));
    expect(within(tile() as HTMLElement).getByText('Offline', { selector: '[aria-disabled] span' })).toBeVisible();
    act(() => platform.emit({ type: 'actorOnline', actorId: 10, actorName: 'performer10' }));
    await waitFor(() => expect(tile()).toHaveAttribute('data-online', 'true'));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
    expect(await screen.findByRole('heading', { name: 'Nobody matches your search' })).toBeInTheDocument();
  });

  it('says so when a search fails and sends it again on "try again"; a failed filter delete is a toast', async () => {
    let fail = true;
    const server = searchServer();
    const { platform, searches } = renderSearch(
      {
        ...server,
        handler: (input) => {
          if (fail) throw new Error('network down');
          return server.handler(input);
        },
      },
      {
        rest: restFixture(actorSearchEndpoints.deleteFilter, () => {
          throw new Error('network down');
        }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'The search did not work. Please try again.' })).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Performer10')).toBeInTheDocument();
    expect(searches().map((input) => input.body.requestId)).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Online only' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove filter Online only' }));
    await waitFor(() =>
      expect(platform.toasts).toEqual([
        { message: 'The filter could not be removed. Please try again.', kind: 'error' },
      ]),
    );
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('Online only');
  });
});
