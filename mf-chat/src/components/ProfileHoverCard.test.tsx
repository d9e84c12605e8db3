import { fireEvent, screen, waitFor } from '@testing-library/react';
import { chatEndpoints, type ProfilePreview } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture } from '@velvet/testing';
import { locales } from '../locales';
import { actorItem } from '../test/fixtures';
import { ActorTile } from './ActorTile';

const preview = (actorId: number): ProfilePreview => ({
  id: actorId,
  name: 'lena',
  displayName: 'Lena',
  isOnline: true,
  freeChat: false,
  isNew: false,
  rating: { average: 4.6, count: 12, satisfactionRate: 92 },
  avatar: { id: actorId, url: '/media/a.webp', width: 320, height: 320 },
  sedcards: [
    { id: 1, url: '/media/s1.webp', width: 640, height: 480 },
    { id: 2, url: '/media/s2.webp', width: 640, height: 480 },
  ],
  age: 27,
  country: 'DE',
  threeWords: 'curious, warm, funny',
  videoChatPrice: 250,
});

describe('performer tile hover card', () => {
  it('loads her profile preview at the first hover, shows it over the tile and hides it when the pointer leaves', async () => {
    const platform = createMockPlatform({
      rest: { ...restFixture(chatEndpoints.profilePreview, ({ params }) => preview(params.actorId)) },
    });
    const { container } = renderWithPlatform(<ActorTile actor={actorItem(7)} />, {
      platform,
      remote: 'mf-chat',
      locales,
    });
    expect(restCallsTo(platform, chatEndpoints.profilePreview)).toHaveLength(0);
    const hover = container.querySelector('.mf-chat-hover')!;
    fireEvent.mouseEnter(hover);
    const card = await screen.findByTestId('profile-hover-card');
    expect(card).toHaveTextContent('curious, warm, funny');
    expect(card).toHaveTextContent('4.6 ★ from 12 ratings');
    expect(card.querySelectorAll('img')).toHaveLength(2);
    expect(restCallsTo(platform, chatEndpoints.profilePreview)[0]).toMatchObject({ params: { actorId: 7 } });
    fireEvent.mouseLeave(hover);
    expect(screen.queryByTestId('profile-hover-card')).toBeNull();
    // Hovered again it comes from the kept answer.
    fireEvent.mouseEnter(hover);
    await screen.findByTestId('profile-hover-card');
    expect(restCallsTo(platform, chatEndpoints.profilePreview)).toHaveLength(1);
  });

  it('opens for keyboard focus in the tile, and a failed load shows nothing', async () => {
    const platform = createMockPlatform({
      rest: {
        ...restFixture(chatEndpoints.profilePreview, () => {
          throw new Error('offline');
        }),
      },
    });
    renderWithPlatform(<ActorTile actor={actorItem(8)} />, { platform, remote: 'mf-chat', locales });
    fireEvent.focus(screen.getAllByRole('link')[0]!);
    await waitFor(() => expect(restCallsTo(platform, chatEndpoints.profilePreview)).toHaveLength(1));
    expect(screen.queryByTestId('profile-hover-card')).toBeNull();
  });
});
