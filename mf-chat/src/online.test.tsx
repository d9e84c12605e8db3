import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { chatEndpoints } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture } from '@velvet/testing';
import { ChatApp } from './ChatApp';
import { locales } from './locales';
import { applyOnlineChange } from './online';
import { actorItem, actorProfile, listPage } from './test/fixtures';
import { topCam } from './test/topCamsFixtures';

describe('online pushes edit the cached answers', () => {
  it('changes every list, profile and top cams list naming the performer, and leaves the rest as it was', () => {
    const client = new QueryClient();
    const list = listPage([actorItem(1), actorItem(2)]);
    const other = listPage([actorItem(3)]);
    const profile = actorProfile();
    const cams = { total: 1, items: [topCam(7)] };
    const categories = { categories: [] };
    client.setQueryData(['actorList/cams/1'], list);
    client.setQueryData(['actorList/new-girls/2'], other);
    client.setQueryData(['actorProfile/lena/en'], profile);
    client.setQueryData(['topCams/favorites/all'], cams);
    client.setQueryData(['categories/en'], categories);

    applyOnlineChange(client, 1, false);
    expect(client.getQueryData<typeof list>(['actorList/cams/1'])!.items[0]).toMatchObject({
      id: 1,
      isOnline: false,
      chatButton: { isActorOnline: false },
    });
    expect(client.getQueryData(['actorList/new-girls/2'])).toBe(other);
    expect(client.getQueryData(['actorProfile/lena/en'])).toBe(profile);

    applyOnlineChange(client, 7, false);
    expect(client.getQueryData<typeof profile>(['actorProfile/lena/en'])).toMatchObject({
      isOnline: false,
      chatButton: { isActorOnline: false },
    });
    expect(client.getQueryData<typeof cams>(['topCams/favorites/all'])!.items[0]!.online).toBe(false);
    expect(client.getQueryData(['categories/en'])).toBe(categories);
  });

  it('keeps a list visited earlier up to date without loading it again', async () => {
    const platform = createMockPlatform({
      route: { name: 'newGirls' },
      rest: restFixture(chatEndpoints.actorList, ({ query }) =>
        listPage([actorItem(query.page)], { page: query.page, total: 40 }),
      ),
    });
    renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
    await screen.findByText('Performer1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Performer2');
    // Performer 1 is on page 1, which is not shown now.
    act(() => platform.emit({ type: 'actorOffline', actorId: 1, actorName: 'performer1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(document.querySelector('[data-actor-id="1"]')).toHaveAttribute('data-online', 'false'));
    expect(restCallsTo(platform, chatEndpoints.actorList).map((input) => input?.query.page)).toEqual([1, 2]);
  });
});
