import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  accountEndpoints,
  actorNoteEndpoints,
  boughtGiftsQuery,
  CHANNEL_STORAGE_KEY,
  messengerGiftsQuery,
  type Channel,
  type Language,
  type Message,
  type MessengerGift,
} from '@velvet/contracts';
import {
  createMockPlatform,
  expectClosableInPageIncentive,
  inPageIncentiveFixture,
  renderWithPlatform,
  restFixture,
  type MockPlatform,
  type MockPlatformOptions,
} from '@velvet/testing';
import { MessengerApp } from './MessengerApp';
import { actorFixture, channelFixture } from './fixtures';
import { locales } from './locales';

const messageFixture = (id: number, channelId: number, text: string): Message => ({
  id,
  channelId,
  senderType: 'actor',
  messageType: 'text',
  text,
  created: '2026-01-01T12:00:00.000Z',
  clientMessageId: null,
  gifts: [],
  imageUrl: null,
  mediaType: null,
  durationSeconds: null,
  price: 0,
  openPrice: 0,
  data: null,
});

const rose: MessengerGift = {
  id: 3,
  name: 'Rose',
  price: { value: 200, currency: 'VXC', symbol: 'VXC' },
  imageUrl: '/media/gifts/rose.webp',
  active: true,
  vip: false,
  categoryId: 1,
  translations: [],
};

/** The gift catalogue holds a rose; the guest owns `roses` of it. */
const giftQueries =
  (roses = 0) =>
  (operation: { document: string }) =>
    operation.document === messengerGiftsQuery.document
      ? { messengerGifts: [rose] }
      : operation.document === boughtGiftsQuery.document
        ? { boughtGifts: roses > 0 ? [{ giftId: rose.id, count: roses }] : [] }
        : {};

function platformFor(
  loggedIn: boolean,
  channel: Channel = channelFixture({ id: 1 }),
  roses = 0,
  language: Language = 'en',
  rest: MockPlatformOptions['rest'] = {},
): MockPlatform {
  return createMockPlatform({
    loggedIn,
    language,
    route: { name: 'messenger' },
    query: giftQueries(roses),
    rest: {
      ...rest,
      '/messenger/recommendations': () => ({ actors: [actorFixture(7), actorFixture(8, { isOnline: false })] }),
      '/messenger/channel/:channelId': () => ({
        channel,
        messages: [messageFixture(1, channel.id, 'Hi there')],
        hasMore: false,
      }),
      ...restFixture(actorNoteEndpoints.getActorNote, ({ params }) => ({
        actorId: params.actorId,
        comment: 'Likes jazz',
        updatedAt: '2026-01-01T12:00:00.000Z',
      })),
      ...restFixture(actorNoteEndpoints.storeActorNote, ({ body }) => ({
        ...body,
        updatedAt: '2026-01-02T12:00:00.000Z',
      })),
    },
  });
}

const render = (platform: MockPlatform) =>
  renderWithPlatform(<MessengerApp />, { platform, remote: 'mf-messenger', locales });

const pushChannels = (platform: MockPlatform, channels: Channel[], total = channels.length, unreadTotal = 0) =>
  act(() =>
    platform.emit({
      type: 'channels',
      filterType: 'newest',
      onlineOnly: false,
      offset: 0,
      channels,
      total,
      unreadTotal,
    }),
  );

beforeEach(() => window.localStorage.clear());

describe('messenger for visitors', () => {
  it('asks to log in, shows recommended performers and sends no channel request', async () => {
    const platform = platformFor(false);
    render(platform);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(await screen.findByText('Performer 7')).toBeInTheDocument();
    expect(screen.getByText('Performer 7').closest('a')).toHaveAttribute('href', '/en/amateur/performer7/');
    expect(platform.sent).toEqual([]);
  });

  it('drops a performer from the recommendations when she goes offline', async () => {
    const platform = platformFor(false);
    render(platform);
    await screen.findByText('Performer 7');
    act(() => platform.emit({ type: 'actorOffline', actorId: 7, actorName: 'performer7' }));
    expect(screen.queryByText('Performer 7')).not.toBeInTheDocument();
  });
});

describe('inPage incentive', () => {
  it('shows the one the operator defined for the messenger above it to a visitor; closed, it goes at once', async () => {
    const platform = platformFor(false, undefined, 0, 'en', inPageIncentiveFixture());
    render(platform);
    await expectClosableInPageIncentive(platform, 'messenger');
  });

  it('shows it to a guest above the messenger, outside the open conversation', async () => {
    const channel = channelFixture({ id: 5 });
    const platform = platformFor(true, channel, 0, 'en', inPageIncentiveFixture());
    render(platform);
    pushChannels(platform, [channel], 1);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    expect(await screen.findByText('Hi there')).toBeInTheDocument();
    const box = await screen.findByTestId('incentive-inPage');
    // Before the messenger's heading, so neither in the channel list nor in the conversation where the guest writes.
    const heading = screen.getByRole('heading', { level: 1 });
    expect(box.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(box.contains(screen.getByLabelText('Your message'))).toBe(false);
  });
});

describe('messenger for guests', () => {
  it('loads the first page of 10 channels once and shows the unread total', async () => {
    const platform = platformFor(true);
    render(platform);
    expect(platform.sent).toEqual([{ type: 'loadChannels', offset: 0, limit: 10, filterType: 'newest' }]);
    // With no conversation open, performers to write to fill the main area.
    expect(await screen.findByText('Performer 7')).toBeInTheDocument();
    pushChannels(platform, [channelFixture({ id: 1, unreadCount: 2 }), channelFixture({ id: 2 })], 2, 2);
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
    expect(screen.getByText('Performer 1')).toBeInTheDocument();
  });

  it('loads more at most once per 500 ms', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const platform = platformFor(true);
      render(platform);
      await act(async () => jest.advanceTimersByTime(600));
      pushChannels(platform, [channelFixture({ id: 1 }), channelFixture({ id: 2 })], 12);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      // The spinner replaces the button until the page arrives; a second page answer re-enables it at once.
      act(() =>
        platform.emit({
          type: 'channels',
          filterType: 'newest',
          onlineOnly: false,
          offset: 2,
          channels: [channelFixture({ id: 3 })],
          total: 12,
          unreadTotal: 0,
        }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(platform.sent.filter((m) => m.type === 'loadChannels')).toHaveLength(2);
      jest.advanceTimersByTime(500);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(platform.sent.filter((m) => m.type === 'loadChannels')).toHaveLength(3);
      expect(platform.sent.at(-1)).toEqual({
        type: 'loadChannels',
        offset: 3,
        limit: 10,
        filterType: 'newest',
        online: false,
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('switches filters through filterChannels', async () => {
    const platform = platformFor(true);
    render(platform);
    await screen.findByText('Performer 7');
    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'filterChannels', filterType: 'unread', online: false });
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens a conversation, marks it read, remembers it and sends a text message', async () => {
    const channel = channelFixture({ id: 5, unreadCount: 1 });
    const platform = platformFor(true, channel);
    render(platform);
    pushChannels(platform, [channel], 1, 1);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    expect(screen.getByText('0 unread messages')).toBeInTheDocument();
    expect(window.localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('5');
    expect(await screen.findByText('Hi there')).toBeInTheDocument();
    expect(screen.getByText('3 free messages left')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  Hello you  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(platform.sent.at(-1)).toEqual({
      type: 'sendMessage',
      channelId: 5,
      messageType: 'text',
      senderType: 'guest',
      isVideochat: false,
      isFreechat: false,
      data: { text: 'Hello you' },
      includedGifts: [],
      chatId: null,
      clientMessageId: expect.any(String),
    });
    const { clientMessageId } = platform.sent.at(-1) as { clientMessageId: string };
    // The text stays until the server stored the message.
    expect(screen.getByLabelText('Your message')).toHaveValue('  Hello you  ');
    act(() =>
      platform.emit({
        type: 'channel',
        channel: { ...channel, unreadCount: 0, freeMessagesAmount: 2, lastMessage: 'Hello you' },
        message: { ...messageFixture(2, 5, 'Hello you'), senderType: 'guest', clientMessageId },
      }),
    );
    expect(screen.getAllByText('Hello you').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(screen.getByText('2 free messages left')).toBeInTheDocument();
  });

  it('a paid message without the coins waits: the money charge opens, and it goes out after the top-up', async () => {
    const channel = channelFixture({ id: 5, freeMessagesAmount: 0, messagePrice: 150 });
    const platform = platformFor(true, channel);
    render(platform);
    pushChannels(platform, [channel]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    await screen.findByText('Hi there');
    expect(screen.getByText(/^A message costs 1\.50\sVXC\.$/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sent = platform.sent.at(-1) as { type: string; clientMessageId: string };
    expect(sent.type).toBe('sendMessage');
    act(() =>
      platform.emit({
        type: 'messagePrice',
        channelId: 5,
        messagePrice: 150,
        freeMessagesAmount: 0,
        isMessagingFree: false,
        clientMessageId: sent.clientMessageId,
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/does not cover this message \(1\.50\sVXC\)/);
    expect(platform.openedFlows).toEqual(['moneyCharge']);
    expect(platform.sent.at(-1)).toEqual({ type: 'canOneClick' });
    expect(screen.getByText('Waiting for your top-up…')).toBeInTheDocument();
    // A guest who paid before gets the one-click amount closest to what is missing (1.50 coins: 38 cents → 5 €).
    act(() =>
      platform.emit({
        type: 'oneClick',
        isPaying: true,
        amounts: [500, 1000, 2000],
        autoRechargeAllowed: true,
        result: null,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Top up 5\.00\s€ with one click/ }));
    expect(platform.sent.at(-1)).toMatchObject({ type: 'chargeOneClick', amount: 500, channelId: 5 });
    // Not enough yet: nothing is sent; enough: the same message, under the same id.
    const before = platform.sent.length;
    act(() => platform.emit({ type: 'guestBalance', balance: 1, balanceFormatted: '1 VXC' }));
    expect(platform.sent.length).toBe(before);
    act(() => platform.emit({ type: 'guestBalance', balance: 20, balanceFormatted: '20 VXC' }));
    expect(platform.sent.at(-1)).toMatchObject({ type: 'sendMessage', clientMessageId: sent.clientMessageId });
  });

  it('puts owned gifts into a message and shows why a message was refused', async () => {
    const channel = channelFixture({ id: 5 });
    const platform = platformFor(true, channel, 1);
    render(platform);
    pushChannels(platform, [channel]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Rose (1 left)' }));
    expect(screen.getByRole('button', { name: 'Add Rose (0 left)' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sent = platform.sent.at(-1) as { includedGifts: number[]; messageType: string; clientMessageId: string };
    expect(sent).toMatchObject({ includedGifts: [3], messageType: 'gift' });
    act(() =>
      platform.emit({
        type: 'messageRefused',
        channelId: 5,
        clientMessageId: sent.clientMessageId,
        errorCode: 'VIP_REQUIRED',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Only VIP members can send this gift.');
  });

  it('a messenger-gift voucher for the performer pays a gift she does not own', async () => {
    const channel = channelFixture({ id: 5 });
    const voucher = (id: number, amount: number, actors: number[]) => ({
      id,
      guestId: 'g',
      type: 6 as const,
      amount,
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: null,
      actors: actors.map((actorId) => ({ id: actorId, online: true, name: 'x', link: 'x', avatar: '/a.webp' })),
      code: null,
    });
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      query: giftQueries(),
      rest: {
        '/messenger/recommendations': () => ({ actors: [] }),
        '/messenger/channel/:channelId': () => ({ channel, messages: [], hasMore: false }),
        ...restFixture(accountEndpoints.benefits, () => ({
          spinwheelSpins: 0,
          messengerGiftCount: 3,
          freeMessagesCount: 0,
          privateShowTickets: 0,
          chatShowTickets: 0,
          bonusCodeCount: 0,
          // One for any performer, two limited to another one.
          vouchers: [voucher(1, 1, []), voucher(2, 2, [999])],
        })),
      },
    });
    render(platform);
    pushChannels(platform, [channel]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    expect(await screen.findByText('Noch 1 Geschenkgutschein')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rose hinzufügen (noch 1)' }));
    expect(screen.getByText('Noch 0 Geschenkgutscheine')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rose hinzufügen (noch 0)' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Rose entfernen (1 in der Nachricht)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rose hinzufügen (noch 1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(platform.sent.at(-1)).toMatchObject({ includedGifts: [3], messageType: 'gift' });
  });

  it('opens a performer picture paid to open', async () => {
    const channel = channelFixture({ id: 5 });
    const locked = {
      ...messageFixture(4, 5, 'For you'),
      messageType: 'image_received' as const,
      mediaType: 'bitmap' as const,
      openPrice: 200,
    };
    const platform = createMockPlatform({
      loggedIn: true,
      query: giftQueries(),
      rest: {
        '/messenger/recommendations': () => ({ actors: [] }),
        '/messenger/channel/:channelId': () => ({ channel, messages: [locked], hasMore: false }),
        '/messenger/message/:messageId/open': () => ({
          message: { ...locked, openPrice: 0, imageUrl: '/rest/v1/messenger/image/4?sig=x' },
        }),
      },
    });
    render(platform);
    pushChannels(platform, [channel]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^Open the picture for 2\sVXC$/ }));
    expect(await screen.findByRole('img', { name: 'Picture' })).toHaveAttribute(
      'src',
      '/rest/v1/messenger/image/4?sig=x',
    );
    expect(
      platform.restCalls.find((call) => call.path === '/messenger/message/:messageId/open')?.input?.idempotencyKey,
    ).toEqual(expect.any(String));
  });

  it('plays a performer clip once it is opened, and a free audio message at once', async () => {
    const channel = channelFixture({ id: 5 });
    const clip = {
      ...messageFixture(4, 5, 'For you'),
      messageType: 'image_received' as const,
      mediaType: 'video' as const,
      durationSeconds: 4,
      openPrice: 500,
    };
    const audio = {
      ...messageFixture(6, 5, 'Listen'),
      messageType: 'image_received' as const,
      mediaType: 'audio' as const,
      durationSeconds: 3,
      imageUrl: '/rest/v1/messenger/image/6?sig=a',
    };
    const platform = createMockPlatform({
      loggedIn: true,
      query: giftQueries(),
      rest: {
        '/messenger/recommendations': () => ({ actors: [] }),
        '/messenger/channel/:channelId': () => ({ channel, messages: [clip, audio], hasMore: false }),
        '/messenger/message/:messageId/open': () => ({
          message: { ...clip, openPrice: 0, imageUrl: '/rest/v1/messenger/image/4?sig=v' },
        }),
      },
    });
    render(platform);
    pushChannels(platform, [channel]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 5/ }));
    expect(await screen.findByLabelText('Voice message')).toHaveAttribute('src', '/rest/v1/messenger/image/6?sig=a');
    expect(screen.queryByLabelText('Clip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Watch the clip for 5\sVXC$/ }));
    expect(await screen.findByLabelText('Clip')).toHaveAttribute('src', '/rest/v1/messenger/image/4?sig=v');
  });

  it('restores the last selected channel from local storage', async () => {
    window.localStorage.setItem(CHANNEL_STORAGE_KEY, '1');
    const platform = platformFor(true);
    render(platform);
    expect(await screen.findByText('Hi there')).toBeInTheDocument();
    await waitFor(() =>
      expect(platform.restCalls.some((call) => call.path === '/messenger/channel/:channelId')).toBe(true),
    );
  });

  it('starts a conversation with a recommended performer', async () => {
    const channel = channelFixture({ id: 9, actorId: 7, actorName: 'Performer 7' });
    const platform = createMockPlatform({
      loggedIn: true,
      query: giftQueries(),
      rest: {
        '/messenger/recommendations': () => ({ actors: [actorFixture(7)] }),
        '/messenger/channel/touch': () => ({ channel }),
        '/messenger/channel/:channelId': () => ({ channel, messages: [], hasMore: false }),
      },
    });
    render(platform);
    fireEvent.click(await screen.findByRole('button', { name: 'Write a message' }));
    expect(await screen.findByLabelText('Your message')).toBeInTheDocument();
    expect(platform.restCalls.find((call) => call.path === '/messenger/channel/touch')?.input?.body).toEqual({
      actorId: 7,
    });
    expect(window.localStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('9');
  });

  it('archives the open conversation', async () => {
    const platform = platformFor(true);
    render(platform);
    pushChannels(platform, [channelFixture({ id: 1 })]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 1/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'archiveChannel', channelId: 1, status: true });
  });

  it('blocks and unblocks the open conversation', async () => {
    const platform = platformFor(true);
    render(platform);
    pushChannels(platform, [channelFixture({ id: 1 })]);
    fireEvent.click(screen.getByRole('button', { name: /Performer 1/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'blockChannel', channelId: 1, status: true });
    act(() => platform.emit({ type: 'channel', channel: channelFixture({ id: 1, blocked: true }) }));
    expect(screen.getByText('This conversation is blocked.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'blockChannel', channelId: 1, status: false });
  });

  it('marks all conversations read, here and when another tab did', async () => {
    const platform = platformFor(true);
    render(platform);
    pushChannels(
      platform,
      [channelFixture({ id: 1, unreadCount: 2 }), channelFixture({ id: 2, unreadCount: 1 })],
      2,
      3,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'allChannelsSeen' });
    expect(screen.getByText('0 unread messages')).toBeInTheDocument();
    pushChannels(platform, [channelFixture({ id: 1, unreadCount: 4 })], 1, 4);
    act(() => platform.emit({ type: 'allChannelsSeen' }));
    expect(screen.getByText('0 unread messages')).toBeInTheDocument();
  });

  it('asks the server for online performers only, in the list shown', async () => {
    const platform = platformFor(true);
    render(platform);
    fireEvent.click(screen.getByRole('button', { name: 'Archived' }));
    fireEvent.click(screen.getByLabelText('Online only'));
    expect(platform.sent.at(-1)).toEqual({ type: 'loadOnlineChannels', online: true, filterType: 'archived' });
    fireEvent.click(screen.getByRole('button', { name: 'Newest' }));
    expect(platform.sent.at(-1)).toEqual({ type: 'filterChannels', filterType: 'newest', online: true });
  });

  it('shows, keeps a draft of and saves the private note on the performer in German', async () => {
    const platform = platformFor(true, channelFixture({ id: 1 }), 0, 'de');
    render(platform);
    act(() =>
      platform.emit({
        type: 'channels',
        filterType: 'newest',
        onlineOnly: false,
        offset: 0,
        channels: [channelFixture({ id: 1 })],
        total: 1,
        unreadTotal: 0,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Performer 1/ }));
    const note = await screen.findByLabelText('Deine private Notiz zu diesem Model');
    await waitFor(() => expect(note).toHaveValue('Likes jazz'));
    fireEvent.change(note, { target: { value: 'Likes jazz and rain' } });
    expect(window.localStorage.getItem('Note101')).toBe('Likes jazz and rain');
    fireEvent.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    expect(await screen.findByText('Notiz gespeichert.')).toBeInTheDocument();
    expect(platform.restCalls.find((call) => call.path === '/actor/storeActorNote')?.input?.body).toEqual({
      actorId: 101,
      comment: 'Likes jazz and rain',
    });
    expect(window.localStorage.getItem('Note101')).toBeNull();
  });

  it('words system messages in the guest language from their data', async () => {
    const channel = channelFixture({ id: 1 });
    const system = (id: number, messageType: Message['messageType'], data: Message['data']): Message => ({
      ...messageFixture(id, 1, ''),
      senderType: 'system',
      messageType,
      data,
    });
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      query: giftQueries(),
      rest: {
        '/messenger/channel/:channelId': () => ({
          channel,
          messages: [
            system(1, 'chat_start', { chatType: 'LIVECHAT' }),
            system(2, 'chat_end', { chatType: 'LIVECHAT', durationSeconds: 125, billedAmount: 250 }),
            system(3, 'charge_failure', { amount: 500, coins: 0 }),
          ],
          hasMore: false,
        }),
      },
    });
    window.localStorage.setItem(CHANNEL_STORAGE_KEY, '1');
    render(platform);
    expect(await screen.findByText('Du hast einen Live-Chat mit Performer 1 gestartet.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Dein Live-Chat mit Performer 1 endete nach 2 Min\. 5 Sek\. und kostete 2,50\sVXC\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Deine Aufladung über 5,00\s€ hat nicht geklappt\.$/)).toBeInTheDocument();
  });
});
