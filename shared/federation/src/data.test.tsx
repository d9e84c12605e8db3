import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { dehydrate, hydrate, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { ApiError } from '@velvet/sdk';
import { createI18n } from '@velvet/i18n';
import {
  createQueryClient,
  dehydrateLoads,
  hydrateLoads,
  LoadState,
  ServerLoadsContext,
  useLoaded,
  useLoadedPages,
  type ServerLoads,
} from './data';

function wrapper(client = createQueryClient()) {
  const i18n = createI18n('en');
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

describe('useLoaded', () => {
  it('loads, keeps the previous data while the next key loads, and applies in-place updates', async () => {
    const load = jest.fn((page: number) => Promise.resolve({ page }));
    const { result, rerender } = renderHook(({ page }) => useLoaded(`list:${page}`, () => load(page)), {
      wrapper: wrapper(),
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.data).toEqual({ page: 1 });

    rerender({ page: 2 });
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toEqual({ page: 1 });
    await waitFor(() => expect(result.current.data).toEqual({ page: 2 }));

    act(() => result.current.update((data) => ({ page: data.page * 10 })));
    await waitFor(() => expect(result.current.data).toEqual({ page: 20 }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx, and LoadState shows it as not found', async () => {
    const load = jest.fn(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'gone')));
    function Page() {
      const loaded = useLoaded('missing', load);
      return <LoadState loaded={loaded}>{() => <p>content</p>}</LoadState>;
    }
    render(<Page />, { wrapper: wrapper() });
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load at once with the error view, and loads it when the guest asks again', async () => {
    let fail = true;
    const load = jest.fn(() =>
      fail ? Promise.reject(new ApiError(503, 'INTERNAL', 'down')) : Promise.resolve('content'),
    );
    function Page() {
      const loaded = useLoaded('failing', load);
      return <LoadState loaded={loaded}>{(text) => <p>{text}</p>}</LoadState>;
    }
    render(<Page />, { wrapper: wrapper() });
    // Within the default wait of a second: no retries a second and two seconds apart first.
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks once more, soon, when a load got no answer at all, then shows the error view', async () => {
    const load = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    function Page() {
      const loaded = useLoaded('offline', load);
      return <LoadState loaded={loaded}>{() => <p>content</p>}</LoadState>;
    }
    render(<Page />, { wrapper: wrapper() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the placeholder with a loading status while loading, then the content', async () => {
    let resolve: (value: string) => void = () => undefined;
    const load = () => new Promise<string>((done) => (resolve = done));
    function Page() {
      const loaded = useLoaded('slow', load);
      return (
        <LoadState loaded={loaded} placeholder={<div data-testid="shape" />}>
          {(text) => <p>{text}</p>}
        </LoadState>
      );
    }
    render(<Page />, { wrapper: wrapper() });
    expect(screen.getByTestId('shape')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    act(() => resolve('arrived'));
    expect(await screen.findByText('arrived')).toBeInTheDocument();
    expect(screen.queryByTestId('shape')).not.toBeInTheDocument();
  });
});

describe('useLoadedPages', () => {
  interface Page {
    items: string[];
    next?: number;
  }
  const after = (last: Page) => last.next;
  const items = (pages: Page[]) => pages.flatMap((page) => page.items);

  /** A list showing page 'a' whose next page ('b') is loading; `answer` lets that load answer. */
  async function loadingNextPage(key: string) {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const load = jest.fn(async (param: number): Promise<Page> => {
      if (param === 0) return { items: ['a'], next: 1 };
      await answered;
      return { items: ['b'] };
    });
    const { result } = renderHook(() => useLoadedPages(key, load, 0, after), { wrapper: wrapper() });
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a']));
    let loaded: Promise<boolean> = Promise.resolve(false);
    act(() => void (loaded = result.current.loadMore()));
    await waitFor(() => expect(load).toHaveBeenCalledWith(1));
    return { result, load, answer, loaded };
  }

  it('keeps a change made while the next page loads, and shows that page', async () => {
    const { result, load, answer } = await loadingNextPage('list');
    // a push for nothing loaded leaves the load alone
    act(() => result.current.update((pages) => pages));
    // a push while the page loads
    act(() =>
      result.current.update((pages) => pages.map((page) => ({ ...page, items: page.items.map((i) => `${i}!`) }))),
    );
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a!']));
    answer();
    // the change is applied to the load's answer, the page it brought included
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a!', 'b!']));
    expect(result.current.status).toBe('idle');
    expect(result.current.hasNextPage).toBe(false);
    expect(load.mock.calls.filter(([param]) => param === 1)).toHaveLength(1);
  });

  it('answers loadMore by the load that delivers its page, also when a change came while it ran', async () => {
    let fail: (error: Error) => void = () => undefined;
    const load = jest.fn((param: number): Promise<Page> => {
      if (param === 0) return Promise.resolve({ items: ['a'], next: 1 });
      return new Promise((_, reject) => (fail = reject));
    });
    const { result } = renderHook(() => useLoadedPages('more', load, 0, after), { wrapper: wrapper() });
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a']));
    let loaded: Promise<boolean> = Promise.resolve(true);
    act(() => void (loaded = result.current.loadMore()));
    await waitFor(() => expect(load).toHaveBeenCalledWith(1));
    act(() => result.current.update((pages) => pages.map((page) => ({ ...page, items: ['a!'] }))));
    act(() => fail(new ApiError(503, 'INTERNAL', 'down')));
    await expect(loaded).resolves.toBe(false);
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(items(result.current.pages)).toEqual(['a!']);
  });

  it('applies a burst of changes made while a page loads to its answer, without loading it again', async () => {
    const { result, load, answer, loaded } = await loadingNextPage('burst');
    // ten pushes, each adding a mark to every item shown
    for (let push = 0; push < 10; push += 1)
      await act(async () =>
        result.current.update((pages) => pages.map((page) => ({ ...page, items: page.items.map((i) => `${i}!`) }))),
      );
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a!!!!!!!!!!']));
    act(() => answer());
    await expect(loaded).resolves.toBe(true);
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a!!!!!!!!!!', 'b!!!!!!!!!!']));
    expect(result.current.status).toBe('idle');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('applies a change once when the load it was made during is replaced by another', async () => {
    let first = true;
    const load = jest.fn((param: number): Promise<Page> => {
      if (param === 1) return Promise.resolve({ items: ['b'] });
      if (!first) return new Promise<Page>(() => undefined);
      first = false;
      return Promise.resolve({ items: ['a'], next: 1 });
    });
    const { result } = renderHook(() => useLoadedPages('replaced', load, 0, after), { wrapper: wrapper() });
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a']));
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    act(() =>
      result.current.update((pages) => pages.map((page) => ({ ...page, items: page.items.map((i) => `${i}!`) }))),
    );
    // the next page replaces the reload, and starts from the changed pages; the query cache tells the hook in a
    // later task than the one that answers loadMore, so the test waits for the render
    await act(async () => expect(await result.current.loadMore()).toBe(true));
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a!', 'b']));
  });

  it('does not load the pages again when they are shown again more than a minute later', async () => {
    const client = createQueryClient();
    const load = jest.fn((param: number) =>
      Promise.resolve(param === 0 ? { items: ['a'], next: 1 } : { items: ['b'] }),
    );
    const first = renderHook(() => useLoadedPages('list', load, 0, after), { wrapper: wrapper(client) });
    await waitFor(() => expect(first.result.current.status).toBe('idle'));
    await act(() => first.result.current.loadMore());
    await waitFor(() => expect(items(first.result.current.pages)).toEqual(['a', 'b']));
    first.unmount();
    // as if the pages had been loaded two minutes ago
    client.setQueryData(['list'], client.getQueryData(['list']), { updatedAt: Date.now() - 120_000 });
    const again = renderHook(() => useLoadedPages('list', load, 0, after), { wrapper: wrapper(client) });
    await act(async () => {});
    expect(items(again.result.current.pages)).toEqual(['a', 'b']);
    expect(again.result.current.status).toBe('idle');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the pages again when the browser is back on line, since it missed their pushes meanwhile', async () => {
    let loads = 0;
    const load = jest.fn((param: number): Promise<Page> => {
      loads += 1;
      return Promise.resolve(param === 0 ? { items: [`a${loads}`], next: 1 } : { items: ['b'] });
    });
    const { result } = renderHook(() => useLoadedPages('online', load, 0, after), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe('idle'));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a1', 'b']));
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a3', 'b']));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('shows a failed first page at once, and loads it when the guest asks again', async () => {
    let fail = true;
    const load = jest.fn((): Promise<Page> =>
      fail ? Promise.reject(new ApiError(503, 'INTERNAL', 'down')) : Promise.resolve({ items: ['a'] }),
    );
    const { result } = renderHook(() => useLoadedPages('failing', load, 0, after), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(items(result.current.pages)).toEqual(['a']));
    expect(result.current.status).toBe('idle');
  });
});

describe('useLoaded while the server renders', () => {
  it('asks for what a pass lacks, shows it the next pass, and the browser hydrates with the same answers without asking again', async () => {
    const onServer = jest.fn(() => Promise.resolve({ amount: 7 }));
    const inBrowser = jest.fn(() => Promise.resolve({ amount: 8 }));
    function Price({ load }: { load: () => Promise<{ amount: number }> }) {
      const loaded = useLoaded('price', load);
      return <p>{loaded.status === 'done' ? `Price ${loaded.data.amount}` : 'Loading'}</p>;
    }
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked: Promise<void>[] = [];
    const loads: ServerLoads = {
      want: (key, load) => void asked.push(server.prefetchQuery({ queryKey: [key], queryFn: load })),
    };
    const pass = () =>
      renderToString(
        <ServerLoadsContext.Provider value={loads}>
          <QueryClientProvider client={server}>
            <Price load={onServer} />
          </QueryClientProvider>
        </ServerLoadsContext.Provider>,
      );
    expect(pass()).toContain('Loading');
    expect(asked).toHaveLength(1);
    await Promise.all(asked);
    const html = pass();
    expect(html).toContain('Price 7');
    expect(asked).toHaveLength(1);

    const browser = createQueryClient();
    hydrate(browser, dehydrate(server));
    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <QueryClientProvider client={browser}>
          <Price load={inBrowser} />
        </QueryClientProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container).toHaveTextContent('Price 7');
    expect(inBrowser).not.toHaveBeenCalled();
    expect(onServer).toHaveBeenCalledTimes(1);
  });

  it('renders a load that answered 404 as not found, and the browser hydrates the same view from the page state', async () => {
    const onServer = jest.fn(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'No performer nobody')));
    const failing = jest.fn(() => Promise.reject(new ApiError(503, 'INTERNAL', 'down')));
    const inBrowser = jest.fn(() => Promise.resolve('content'));
    function Profile({ load, other }: { load: () => Promise<string>; other: () => Promise<string> }) {
      const loaded = useLoaded('performer', load);
      const unavailable = useLoaded('other', other);
      return (
        <>
          <LoadState loaded={loaded} notFound="No such performer">
            {(text) => <p>{text}</p>}
          </LoadState>
          <p>{unavailable.status}</p>
        </>
      );
    }
    const i18n = createI18n('en');
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As the server's renderer does: each key is fetched once per render.
    const asked = new Map<string, Promise<void>>();
    const loads: ServerLoads = {
      want: (key, load) => {
        if (!asked.has(key)) asked.set(key, server.prefetchQuery({ queryKey: [key], queryFn: load }));
      },
    };
    const pass = () =>
      renderToString(
        <ServerLoadsContext.Provider value={loads}>
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={server}>
              <Profile load={onServer} other={failing} />
            </QueryClientProvider>
          </I18nextProvider>
        </ServerLoadsContext.Provider>,
      );
    pass();
    await Promise.all(asked.values());
    const html = pass();
    expect(html).toContain('No such performer');
    // Any other failure stays loading on the server: the browser asks again.
    expect(html).toContain('<p>loading</p>');
    expect([...asked.keys()]).toEqual(['performer', 'other']);
    expect(onServer).toHaveBeenCalledTimes(1);

    // The page state travels as JSON: the 404 is in it, the other failure is not.
    const state = JSON.parse(JSON.stringify(dehydrateLoads(server))) as ReturnType<typeof dehydrateLoads>;
    expect(state.queries.map((query) => query.queryKey)).toEqual([['performer']]);
    const browser = createQueryClient();
    hydrateLoads(browser, state);
    const error = browser.getQueryState(['performer'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No performer nobody' });
    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    const other = jest.fn(() => new Promise<string>(() => undefined));
    await act(async () => {
      hydrateRoot(
        container,
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={browser}>
            <Profile load={inBrowser} other={other} />
          </QueryClientProvider>
        </I18nextProvider>,
        { onRecoverableError: (recovered) => mismatches.push(recovered) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container).toHaveTextContent('No such performer');
    expect(inBrowser).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });
});
