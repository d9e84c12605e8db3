import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CHANNEL_STORAGE_KEY } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { channelFixture } from './fixtures';
import { locales } from './locales';
import { MessageButton } from './MessageButton';

describe("the profile's message button", () => {
  beforeEach(() => window.localStorage.clear());

  it('asks visitors to log in and opens no conversation', () => {
    const platform = createMockPlatform({ loggedIn: false });
    renderWithPlatform(<MessageButton actorId={7} actorName="performer7" />, {
      platform,
      remote: 'mf-messenger',
      locales,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a message' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(platform.restCalls).toEqual([]);
    expect(platform.navigations).toEqual([]);
  });

  it('opens the conversation with her in the messenger, in Dutch', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'nl',
      rest: { '/messenger/channel/touch': () => ({ channel: channelFixture({ id: 12, actorId: 7 }) }) },
    });
    renderWithPlatform(<MessageButton actorId={7} actorName="performer7" />, {
      platform,
      remote: 'mf-messenger',
      locales,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bericht sturen' }));
    await waitFor(() => expect(platform.navigations).toEqual([{ name: 'messenger', args: {} }]));
    expect(platform.restCalls.map((call) => [call.path, call.input?.body])).toEqual([
      ['/messenger/channel/touch', { actorId: 7 }],
    ]);
    expect(window.localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('12');
  });

  it('tells the guest when the conversation cannot be opened', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: {
        '/messenger/channel/touch': () => {
          throw new Error('refused');
        },
      },
    });
    renderWithPlatform(<MessageButton actorId={7} actorName="performer7" />, {
      platform,
      remote: 'mf-messenger',
      locales,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a message' }));
    await waitFor(() => expect(platform.toasts).toHaveLength(1));
    expect(platform.navigations).toEqual([]);
    expect(window.localStorage.getItem(CHANNEL_STORAGE_KEY)).toBeNull();
  });
});
