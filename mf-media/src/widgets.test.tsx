import { fireEvent, screen, within } from '@testing-library/react';
import { TILE_GRID_ERROR_MARKER } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, routeHref, type RestHandler } from '@velvet/testing';
import remoteDescriptor from '../remote.json';
import { locales } from './locales';
import { gridHandler, makeAlbumSummary, makeSedcards, makeVideo } from './testing/fixtures';
import widgets from './widgets';
import { Trends } from './HomeWidgets';
import { ActorAlbums, ActorVideos } from './ActorMedia';

const render = (element: React.ReactElement, rest: Record<string, RestHandler>) =>
  renderWithPlatform(element, { platform: createMockPlatform({ rest }), remote: 'mf-media', locales });

test('every slot of remote.json has a widget', () => {
  expect(Object.keys(widgets).sort()).toEqual([...remoteDescriptor.slots].sort());
});

test('the Trends block shows a few trending videos without filter and links to the trends area', async () => {
  const grid = gridHandler(30);
  render(<Trends />, { '/tileGrid/get/:type/:payload': grid.handler });
  const list = await screen.findByRole('list', { name: 'Trends' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  expect(grid.requests[0]).toMatchObject({ type: 'trending', pageSize: 5 });
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', routeHref('videoTrends'));
});

test('a tile grid whose load failed carries the error marker rest-error and offers to try again', async () => {
  const { container } = render(<Trends />, {
    '/tileGrid/get/:type/:payload': () => {
      throw new Error('the grid is down');
    },
  });
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(container.querySelector('.mf-media-grid')).toHaveAttribute('data-error', TILE_GRID_ERROR_MARKER);
  expect(TILE_GRID_ERROR_MARKER).toBe('rest-error');
});

test("the profile's videos tab pages the performer's videos", async () => {
  const { platform } = render(<ActorVideos actorId={7} actorName="lena" />, {
    '/media/actor/:actorId/videos': (input) => {
      const { query } = input as unknown as { query: { page: number; pageSize: number } };
      return { items: [makeVideo(query.page * 100)], total: 20, page: query.page, pageSize: query.pageSize };
    },
  });
  expect(await screen.findByRole('list', { name: 'Videos of lena' })).toBeInTheDocument();
  expect(platform.restCalls[0]?.input).toEqual({ params: { actorId: 7 }, query: { page: 1, pageSize: 16 } });
  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByText('Video 200')).toBeInTheDocument();
});

test("the profile's pictures tab links each album to its page", async () => {
  render(<ActorAlbums actorId={7} actorName="lena" />, {
    '/media/actor/:actorId/albums': () => ({ items: [makeAlbumSummary(3)], total: 1, page: 1, pageSize: 16 }),
    '/gallery/getsedcards/:actorIdOrName': () => makeSedcards(7),
  });
  expect(await screen.findByRole('link', { name: /Album 3/ })).toHaveAttribute(
    'href',
    routeHref('albumDetails', { actorName: 'lena', albumId: '3' }),
  );
  expect(screen.getByText(/2 pictures/)).toBeInTheDocument();
});
