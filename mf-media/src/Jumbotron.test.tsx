import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JumbotronConfig } from '@velvet/contracts';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { dehydrateLoads, SERVER_RENDERED, ServerLoadsContext } from '@velvet/federation';
import { createMockPlatform, renderWithPlatform, routeHref } from '@velvet/testing';
import { locales } from './locales';
import { makeVideo } from './testing/fixtures';
import widgets from './widgets';
import { Videostation } from './HomeWidgets';
const config: JumbotronConfig = { enabled: true, autoplay: true, rotationSeconds: 8, slides: 5 };
const slides = [1, 2, 3].map((id) => makeVideo(id, { model: { id: 7, name: 'lena', displayName: `Lena ${id}` } }));

function render(overrides: Partial<JumbotronConfig> = {}, items = slides) {
  return renderWithPlatform(<Videostation />, {
    platform: createMockPlatform({
      rest: {
        '/video/jumbotron/config': () => ({ ...config, ...overrides }),
        '/video/jumbotron/homepage': () => ({ items }),
      },
    }),
    remote: 'mf-media',
    locales,
  });
}

const carousel = () => screen.findByRole('region', { name: 'Videostation' });
/** The slide on show: the only one not hidden. */
const shown = () => screen.getByRole('group', { name: /of 3$/ });
const reducedMotion = (reduce: boolean) => {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
};

beforeEach(() => reducedMotion(false));
afterEach(() => {
  jest.useRealTimers();
  delete (window as Partial<Window>).matchMedia;
});

test('the Videostation block is a carousel of the jumbotron slides, the first one shown with link, facts and clip', async () => {
  render();
  const region = await carousel();
  expect(region).toHaveAttribute('aria-roledescription', 'carousel');
  const slide = shown();
  expect(slide).toHaveAttribute('aria-roledescription', 'slide');
  expect(slide).toHaveAccessibleName('1 of 3');
  expect(within(slide).getByRole('link', { name: /Video 1/ })).toHaveAttribute(
    'href',
    routeHref('videoDetails', { actorName: 'lena', videoId: '1' }),
  );
  expect(slide).toHaveTextContent('Lena 1 · 12:34');
  expect(within(slide).getByRole('img', { name: 'Video 1' })).toHaveAttribute('loading', 'eager');
  expect(slide.querySelector('video')).toHaveAttribute('src', '/media/clips/clip-1-preview.mp4');
  expect(region.querySelectorAll('img[loading="lazy"]')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', routeHref('videos'));
});

test('next, previous and the dots change the slide, wrapping around, and mark the current dot', async () => {
  render();
  await carousel();
  fireEvent.click(screen.getByRole('button', { name: 'Next video' }));
  expect(shown()).toHaveAccessibleName('2 of 3');
  expect(screen.getByRole('button', { name: 'Show video 2: Video 2' })).toHaveAttribute('aria-current', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Previous video' }));
  fireEvent.click(screen.getByRole('button', { name: 'Previous video' }));
  expect(shown()).toHaveAccessibleName('3 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Show video 1: Video 1' }));
  expect(shown()).toHaveAccessibleName('1 of 3');
  expect(screen.getByRole('button', { name: 'Show video 3: Video 3' })).not.toHaveAttribute('aria-current');
});

test('it rotates every rotationSeconds unannounced, and stops on hover, on focus and when stopped', async () => {
  jest.useFakeTimers();
  render();
  const region = await carousel();
  const stage = region.querySelector('[aria-live]');
  expect(stage).toHaveAttribute('aria-live', 'off');
  act(() => jest.advanceTimersByTime(8000));
  expect(shown()).toHaveAccessibleName('2 of 3');

  fireEvent.mouseEnter(region);
  expect(stage).toHaveAttribute('aria-live', 'polite');
  act(() => jest.advanceTimersByTime(20_000));
  expect(shown()).toHaveAccessibleName('2 of 3');
  fireEvent.mouseLeave(region);
  act(() => jest.advanceTimersByTime(8000));
  expect(shown()).toHaveAccessibleName('3 of 3');

  const stop = screen.getByRole('button', { name: 'Stop rotation' });
  fireEvent.focus(stop);
  act(() => jest.advanceTimersByTime(20_000));
  expect(shown()).toHaveAccessibleName('3 of 3');
  fireEvent.click(stop);
  fireEvent.blur(stop);
  act(() => jest.advanceTimersByTime(20_000));
  expect(shown()).toHaveAccessibleName('3 of 3');
  // Stopped, the clip stops too: the poster stands.
  expect(region.querySelector('video')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Start rotation' }));
  act(() => jest.advanceTimersByTime(8000));
  expect(shown()).toHaveAccessibleName('1 of 3');
});

test('with reduced motion it neither rotates nor plays a clip, and offers no rotation to stop', async () => {
  jest.useFakeTimers();
  reducedMotion(true);
  render();
  const region = await carousel();
  act(() => jest.advanceTimersByTime(30_000));
  expect(shown()).toHaveAccessibleName('1 of 3');
  expect(region.querySelector('video')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Stop rotation' })).not.toBeInTheDocument();
  expect(region.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
});

test('without autoplay it stays on its slide until the visitor moves on', async () => {
  jest.useFakeTimers();
  render({ autoplay: false });
  await carousel();
  act(() => jest.advanceTimersByTime(30_000));
  expect(shown()).toHaveAccessibleName('1 of 3');
  fireEvent.click(screen.getByRole('button', { name: 'Next video' }));
  expect(shown()).toHaveAccessibleName('2 of 3');
});

test('a video behind the age check shows its poster without a clip', async () => {
  render({}, [makeVideo(1, { needAgeCheck: true }), ...slides.slice(1)]);
  const region = await carousel();
  expect(within(shown()).getByRole('img', { name: 'Video 1' })).toBeInTheDocument();
  expect(region.querySelector('video')).toBeNull();
});

test('the block is left out when the config turns the jumbotron off', async () => {
  const { container } = render({ enabled: false });
  // Until the config answers, the block holds the stage's place.
  expect(screen.getByRole('heading', { name: 'Videostation' })).toBeInTheDocument();
  await waitFor(() => expect(container.querySelector('[data-remote="mf-media"]')).toBeEmptyDOMElement());
});

test('the server renders the first slide still, and the browser hydrates it with the same answers, then plays the clip', async () => {
  const platform = createMockPlatform({
    language: 'de',
    rest: {
      '/video/jumbotron/config': () => config,
      '/video/jumbotron/homepage': () => ({ items: slides }),
    },
  });
  const widget = widgets['home.Videostation'];
  // The server's query cache, filled as its render passes fill it: the answers of the loads the block asks for.
  const server = new QueryClient();
  const pending: Promise<void>[] = [];
  const loads = {
    want: (key: string, load: () => Promise<unknown>) =>
      void pending.push(server.prefetchQuery({ queryKey: [key], queryFn: load })),
  };
  const element = await widget.serverElement({ platform, queryClient: server });
  renderToString(<ServerLoadsContext.Provider value={loads}>{element}</ServerLoadsContext.Provider>);
  expect(pending).toHaveLength(2);
  await Promise.all(pending);
  const html = renderToString(element);
  expect(html).toContain('aria-label="1 von 3"');
  expect(html).not.toContain('<video');

  const consoleError = jest.spyOn(console, 'error');
  const domElement = document.createElement('div');
  domElement.setAttribute(SERVER_RENDERED, 'server');
  domElement.innerHTML = html;
  document.body.appendChild(domElement);
  const stage = domElement.querySelector('.mf-media-jumbotron__stage');
  const props = { platform, domElement, name: 'home.Videostation', serverState: dehydrateLoads(server) };
  await widget.bootstrap(props);
  await widget.mount(props);
  // Hydrated, not replaced: the server's stage is the one on the page; once hydrated the clip plays.
  await waitFor(() => expect(domElement.querySelector('video')).not.toBeNull());
  expect(domElement.querySelector('.mf-media-jumbotron__stage')).toBe(stage);
  expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/hydrat|did not match/i);
  consoleError.mockRestore();
  await act(() => widget.unmount(props));
  domElement.remove();
});
