import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { ApiError } from '@velvet/sdk';
import { messengerContentQuery, type MessengerContentItem } from '@velvet/contracts';
import { locales } from './locales';
import { MediaApp } from './MediaApp';

const noTotals = () => ({
  VIDEO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
  PHOTO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
  chatClips: 0,
});

const item = (messageId: number, overrides: Partial<MessengerContentItem> = {}): MessengerContentItem => ({
  messageId,
  channelId: 7,
  actorId: 3,
  actorName: 'Lena',
  mediaType: 'video',
  senderType: 'actor',
  text: 'I made this clip for you.',
  url: null,
  openPrice: 500,
  durationSeconds: 4,
  created: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

type Variables = { first: number; offset: number; filter: { mediaTypes: string[]; searchString?: string } };

/** The library with a messenger content answer per request; answers the platform and the variables asked. */
function renderLibrary(
  answer: (variables: Variables) => { total: number; items: MessengerContentItem[] },
  options: { language?: 'de' | 'en' | 'nl' | 'es'; route?: 'mediathek' | 'mediathekPhotos'; open?: () => void } = {},
) {
  const asked: Variables[] = [];
  const platform = createMockPlatform({
    route: { name: options.route ?? 'mediathek' },
    loggedIn: true,
    ...(options.language ? { language: options.language } : {}),
    query: (operation, variables) => {
      if (operation.document !== messengerContentQuery.document) return {};
      asked.push(variables as unknown as Variables);
      return { messengerContent: answer(variables as unknown as Variables) };
    },
    rest: {
      '/mediathek/totals': noTotals,
      '/mediathek/items': () => ({ items: [], total: 0, page: 1, pageSize: 30 }),
      '/gallery/getPinnedPhotos': () => ({ items: [], total: 0, page: 1, pageSize: 30 }),
      '/messenger/message/:messageId/open': () => {
        options.open?.();
        return {
          message: {
            id: 4,
            channelId: 7,
            senderType: 'actor' as const,
            messageType: 'image_received' as const,
            text: '',
            created: '2026-11-21T10:00:00.000Z',
            clientMessageId: null,
            gifts: [],
            imageUrl: '/rest/v1/messenger/image/4?sig=v',
            mediaType: 'video' as const,
            durationSeconds: 4,
            price: 0,
            openPrice: 0,
            data: null,
          },
        };
      },
    },
  });
  renderWithPlatform(<MediaApp />, { platform, remote: 'mf-media', locales });
  return { platform, asked };
}

describe("the media library's messenger tab", () => {
  test('shows the clips and audio of the conversations with the videos, ten a page, filtered by type and name', async () => {
    const { asked } = renderLibrary(({ filter, offset }) => {
      const items = [
        item(offset + 1, { url: '/rest/v1/messenger/image/1?sig=v', openPrice: 0 }),
        item(offset + 2, { mediaType: 'audio', url: '/rest/v1/messenger/image/2?sig=a', openPrice: 0 }),
      ].filter((shown) => filter.mediaTypes.includes(shown.mediaType));
      return { total: 25, items };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Messenger' }));
    const list = await screen.findByRole('list', { name: 'Media from your conversations' });
    expect(within(list).getByLabelText('Clips')).toHaveAttribute('src', '/rest/v1/messenger/image/1?sig=v');
    expect(within(list).getByLabelText('Voice messages')).toHaveAttribute('src', '/rest/v1/messenger/image/2?sig=a');
    expect(asked[0]).toEqual({ first: 10, offset: 0, filter: { mediaTypes: ['video', 'audio'] } });

    fireEvent.click(screen.getByRole('button', { name: 'Voice messages' }));
    await waitFor(() => expect(asked.at(-1)?.filter).toEqual({ mediaTypes: ['video'] }));
    await waitFor(() => expect(screen.queryByLabelText('Voice messages', { selector: 'audio' })).toBeNull());
    // The last type chosen stays: no type at all would ask for every type.
    fireEvent.click(screen.getByRole('button', { name: 'Clips' }));
    expect(screen.getByRole('button', { name: 'Clips' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Pictures' }));
    await waitFor(() => expect(asked.at(-1)?.filter).toEqual({ mediaTypes: ['video', 'bitmap'] }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Performer' }), { target: { value: ' Lena ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { mediaTypes: ['video', 'bitmap'], searchString: 'Lena' },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ offset: 20, filter: { searchString: 'Lena' } }));
  });

  test('a clip paid to open is opened through the messenger once, in German, then plays', async () => {
    let opened = false;
    const { platform } = renderLibrary(
      () => ({
        total: 1,
        items: [opened ? item(4, { url: '/rest/v1/messenger/image/4?sig=v', openPrice: 0 }) : item(4)],
      }),
      { language: 'de', open: () => (opened = true) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Messenger' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Öffnen \(Clips\) für 5\sVXC$/ }));
    expect(await screen.findByLabelText('Clips', { selector: 'video' })).toHaveAttribute(
      'src',
      '/rest/v1/messenger/image/4?sig=v',
    );
    const open = platform.restCalls.filter((call) => call.path === '/messenger/message/:messageId/open');
    expect(open).toHaveLength(1);
    expect(open[0]?.input).toMatchObject({ params: { messageId: 4 }, idempotencyKey: expect.any(String) });
  });

  test('the photo library shows the pictures, and too few coins open the money charge', async () => {
    const { platform, asked } = renderLibrary(() => ({ total: 1, items: [item(9, { mediaType: 'bitmap' })] }), {
      language: 'nl',
      route: 'mediathekPhotos',
      open: () => {
        throw new ApiError(402, 'INSUFFICIENT_FUNDS', 'short');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Messenger' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Openen \(Foto's\) voor 5\sVXC$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je tegoed is hiervoor niet genoeg.');
    expect(platform.openedFlows).toEqual(['moneyCharge']);
    expect(asked[0]?.filter).toEqual({ mediaTypes: ['bitmap'] });
  });
});
