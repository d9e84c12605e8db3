import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CHAT_EXIT_CODES,
  RETRY_CHAT_START_MS,
  chatEndpoints,
  chatSessionEndpoints,
  type ChatEnd,
  type ChatMessage,
  type ChatSession,
  type ErrorCode,
  type Language,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, type GuestOverrides } from '@velvet/testing';
import { ChatApp } from '../ChatApp';
import { locales } from '../locales';
import { actorProfile } from '../test/fixtures';
import { chatEnd, chatEndPush, chatSession } from './chatFixtures';
import { SEQUENCE_STORAGE_KEY } from './chatStart';

interface Setup {
  loggedIn?: boolean;
  guest?: GuestOverrides;
  language?: Language;
  profile?: Parameters<typeof actorProfile>[0];
  /** Answers POST /chat/start, by attempt (1-based); a thrown error is the server's refusal. */
  start?: (attempt: number, body: { chatType: string; sequenceNumber: number }) => ChatSession;
  active?: () => { chat: ChatSession | null; messages: ChatMessage[] };
  stop?: () => ChatEnd;
}

function renderChatPage(setup: Setup = {}) {
  let attempts = 0;
  const platform = createMockPlatform({
    loggedIn: setup.loggedIn ?? true,
    language: setup.language,
    guest: { balance: { amount: 40, formatted: '40 VXC' }, ...setup.guest },
    route: { name: 'actorChat', args: { actorName: 'lena' } },
    rest: {
      ...restFixture(chatEndpoints.actorData, () => actorProfile(setup.profile)),
      ...restFixture(chatSessionEndpoints.active, () => setup.active?.() ?? { chat: null, messages: [] }),
      ...restFixture(chatSessionEndpoints.start, ({ body }) => {
        attempts += 1;
        return (setup.start ?? (() => chatSession({ chatType: body.chatType })))(attempts, body);
      }),
      ...restFixture(chatSessionEndpoints.stop, () => (setup.stop ?? (() => chatEnd()))()),
      ...restFixture(chatSessionEndpoints.chatExitSurvey, () => ({ stored: true as const })),
    },
  });
  return renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
}

const startButton = (name: RegExp | string) => screen.findByRole('button', { name });
const refuse = (status: number, code: ErrorCode) => () => {
  throw new ApiError(status, code, code);
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('chat options', () => {
  it('offers the preview, the private chat and voyeur of an online performer with their prices', async () => {
    renderChatPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Lena' })).toBeInTheDocument();
    // The heading comes with the page; the options come with the performer's chat data, which may take longer.
    const options = await screen.findByRole('list', { name: 'Chats with Lena' });
    const items = within(options).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-chat-type'))).toEqual([
      'LIVE_PREVIEW',
      'LIVECHAT',
      'VOYEUR_CHAT',
    ]);
    expect(within(items[0]!).getByText('Watch Lena live for 5 seconds, free for everyone.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Free')).toBeInTheDocument();
    expect(within(items[1]!).getByText('6 VXC')).toBeInTheDocument();
    expect(within(items[2]!).getByText('4 VXC')).toBeInTheDocument();
  });

  it('gives VIP guests the long preview and offers the free chat and video call when she has them', async () => {
    renderChatPage({
      guest: { flags: { vip: true } },
      profile: { freeChat: true, isOnlineMobileVideocall: true, isVoyeurChatAvailable: false },
    });
    expect(await screen.findByText('Watch Lena live for 20 seconds, free for everyone.')).toBeInTheDocument();
    expect(screen.getByText('Write with Lena for free: the text chat runs 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start the video call' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch as voyeur' })).toBeNull();
  });

  it('says when she is offline, and offers nothing to start', async () => {
    renderChatPage({ profile: { isOnline: false } });
    expect(await screen.findByText('Lena is offline right now')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chats with Lena' })).toBeNull();
  });

  it('lets an anonymous visitor watch the preview, and asks her to log in for a private chat', async () => {
    const { platform } = renderChatPage({ loggedIn: false });
    fireEvent.click(await startButton('Start the private chat'));
    expect(platform.openedFlows).toEqual(['login']);
    expect(screen.getByTestId('chat-start-error')).toHaveTextContent(
      'Please log in to chat with Lena. The live preview is free for everyone.',
    );
    expect(restCallsTo(platform, chatSessionEndpoints.start)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Watch the preview' }));
    expect(await screen.findByRole('region', { name: 'Chat with Lena' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatSessionEndpoints.start)[0]?.body?.chatType).toBe('LIVE_PREVIEW');
  });
});

describe('starting a chat', () => {
  it('sends a rising sequence number kept by the browser with every start', async () => {
    localStorage.setItem(SEQUENCE_STORAGE_KEY, String(2 ** 30));
    const { platform } = renderChatPage({ stop: () => chatEnd({ surveyEligible: false }) });
    fireEvent.click(await startButton('Start the private chat'));
    await screen.findByRole('region', { name: 'Chat with Lena' });
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chat again' }));
    fireEvent.click(await startButton('Start the private chat'));
    await screen.findByRole('region', { name: 'Chat with Lena' });
    const numbers = restCallsTo(platform, chatSessionEndpoints.start).map((input) => input!.body!.sequenceNumber);
    expect(numbers).toEqual([2 ** 30 + 1, 2 ** 30 + 2]);
    expect(localStorage.getItem(SEQUENCE_STORAGE_KEY)).toBe(String(2 ** 30 + 2));
  });

  it('starts a fresh browser above the seconds of the clock, so another browser of the guest cannot block it', async () => {
    const { platform } = renderChatPage();
    fireEvent.click(await startButton('Start the private chat'));
    await screen.findByRole('region', { name: 'Chat with Lena' });
    const [first] = restCallsTo(platform, chatSessionEndpoints.start).map((input) => input!.body!.sequenceNumber);
    expect(first).toBeGreaterThanOrEqual(Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 1000) - 1);
  });

  it('tries a timed-out start once more after 3 s with a new number, then says so', async () => {
    jest.useFakeTimers();
    const { platform } = renderChatPage({ start: refuse(409, 'CHAT_START_TIMEOUT') });
    fireEvent.click(await startButton('Start the private chat'));
    await waitFor(() => expect(restCallsTo(platform, chatSessionEndpoints.start)).toHaveLength(1));
    await act(() => jest.advanceTimersByTimeAsync(RETRY_CHAT_START_MS - 1));
    expect(restCallsTo(platform, chatSessionEndpoints.start)).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent('Lena did not answer in time.');
    const calls = restCallsTo(platform, chatSessionEndpoints.start);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body!.sequenceNumber).toBeGreaterThan(calls[0]!.body!.sequenceNumber);
  });

  it('succeeds on the second attempt after a network fault', async () => {
    jest.useFakeTimers();
    renderChatPage({
      start: (attempt) => {
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return chatSession();
      },
    });
    fireEvent.click(await startButton('Start the private chat'));
    await act(() => jest.advanceTimersByTimeAsync(RETRY_CHAT_START_MS));
    expect(await screen.findByRole('region', { name: 'Chat with Lena' })).toBeInTheDocument();
  });

  it('tries a preview once only, and never repeats a refusal that will not change', async () => {
    jest.useFakeTimers();
    const { platform } = renderChatPage({ start: refuse(409, 'CHAT_START_TIMEOUT') });
    fireEvent.click(await startButton('Watch the preview'));
    expect(await screen.findByTestId('chat-start-error')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(RETRY_CHAT_START_MS * 2));
    expect(restCallsTo(platform, chatSessionEndpoints.start)).toHaveLength(1);
  });

  it.each([
    ['ACTOR_BUSY', 409, 'Lena is in a private chat right now. Try again later.'],
    ['ACTOR_OFFLINE', 409, 'Lena has just gone offline.'],
    ['WRONG_SEQUENCE_NUMBER', 409, 'This start request was out of date. Please try again.'],
    ['CHAT_TYPE_UNAVAILABLE', 409, 'Lena does not offer this chat right now.'],
    ['COUNTRY_BANNED', 403, 'Lena is not available in your country.'],
    ['TICKET_REQUIRED', 403, "You need a ticket for Lena's live show."],
    ['VALIDATION_FAILED', 400, 'The chat could not be started. Please try again.'],
  ] as [ErrorCode, number, string][])('refuses %s at once with its message', async (code, status, text) => {
    const { platform } = renderChatPage({ start: refuse(status, code) });
    fireEvent.click(await startButton('Start the private chat'));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent(text);
    expect(restCallsTo(platform, chatSessionEndpoints.start)).toHaveLength(1);
    expect(platform.openedFlows).toEqual([]);
  });

  it('says why a low balance refuses the chat and opens the money charge', async () => {
    const { platform } = renderChatPage({ start: refuse(402, 'BALANCE_TOO_LOW'), language: 'de' });
    fireEvent.click(await startButton('Privatchat starten'));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent(
      'Dein Guthaben reicht für diesen Chat nicht: Du brauchst mindestens 0,50 VXC.',
    );
    expect(platform.openedFlows).toEqual(['moneyCharge']);
    fireEvent.click(screen.getByRole('button', { name: 'Coins kaufen' }));
    expect(platform.openedFlows).toEqual(['moneyCharge', 'moneyCharge']);
  });

  it('opens the age check when the performer’s chats need a verified age, and again from its button', async () => {
    const { platform } = renderChatPage({ start: refuse(403, 'AGE_CHECK_REQUIRED'), language: 'es' });
    fireEvent.click(await startButton('Empezar el chat privado'));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent(
      'Los chats con Lena son solo para adultos: verifica primero tu edad.',
    );
    expect(platform.openedFlows).toEqual(['ageCheck']);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar mi edad' }));
    expect(platform.openedFlows).toEqual(['ageCheck', 'ageCheck']);
  });

  it('opens the login for a session the server does not know as a guest', async () => {
    const { platform } = renderChatPage({ start: refuse(401, 'LOGIN_REQUIRED') });
    fireEvent.click(await startButton('Start the private chat'));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent('Please log in to chat with Lena.');
    expect(platform.openedFlows).toEqual(['login']);
  });

  it('offers to resume a chat already in progress, with its messages', async () => {
    let running: ChatSession | null = null;
    const message: ChatMessage = { id: 4, chatId: 'chat-running', senderType: 'actor', text: 'Welcome back!', at: '' };
    const { platform } = renderChatPage({
      active: () => ({ chat: running, messages: running ? [message] : [] }),
      start: () => {
        running = chatSession({ chatId: 'chat-running' });
        throw new ApiError(409, 'CHAT_IN_PROGRESS', 'in progress');
      },
    });
    fireEvent.click(await startButton('Start the private chat'));
    expect(await screen.findByTestId('chat-start-error')).toHaveTextContent('You are already in a chat.');
    fireEvent.click(screen.getByRole('button', { name: 'Resume my chat' }));
    const room = await screen.findByRole('region', { name: 'Chat with Lena' });
    expect(room).toHaveAttribute('data-chat-id', 'chat-running');
    expect(within(room).getByText('Welcome back!')).toBeInTheDocument();
    expect(restCallsTo(platform, chatSessionEndpoints.active)).toHaveLength(2);
  });

  it('points to a running chat with another performer', async () => {
    renderChatPage({ active: () => ({ chat: chatSession({ actorId: 9, actorName: 'Mia' }), messages: [] }) });
    expect(await screen.findByText('You are in a chat with Mia right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resume my chat' })).toHaveAttribute('href', '/en/amateur/mia/chat/');
  });
});

/** Starts a chat of `session` from the options and answers the room. */
async function startedRoom(setup: Setup & { session?: Partial<ChatSession>; button?: string } = {}) {
  const rendered = renderChatPage({ ...setup, start: setup.start ?? (() => chatSession(setup.session)) });
  fireEvent.click(await startButton(setup.button ?? 'Start the private chat'));
  const room = await screen.findByRole('region', { name: 'Chat with Lena' });
  return { ...rendered, room };
}

describe('the chat room', () => {
  it('shows the live video, price, running time, billing and balance, and follows the billing pushes', async () => {
    jest.useFakeTimers();
    const { platform, room } = await startedRoom();
    expect(within(room).getByTestId('live-player')).toBeInTheDocument();
    expect(within(room).getByTestId('chat-price')).toHaveTextContent('6 VXC/min');
    expect(within(room).getByTestId('chat-elapsed')).toHaveTextContent('0:00');
    expect(within(room).getByTestId('chat-billed')).toHaveTextContent('0 VXC');
    expect(within(room).getByTestId('chat-held')).toHaveTextContent('6 VXC');
    expect(within(room).getByTestId('chat-balance')).toHaveTextContent('40 VXC');
    await act(() => jest.advanceTimersByTimeAsync(65_000));
    expect(within(room).getByTestId('chat-elapsed')).toHaveTextContent('1:05');
    act(() => {
      platform.emit({
        type: 'chatState',
        chatId: 'chat-1',
        heldAmount: 600,
        billedSeconds: 60,
        billedAmount: 600,
        secondsLeft: 300,
      });
      platform.setGuest({ balance: { amount: 28, formatted: '28 VXC' } });
    });
    expect(within(room).getByTestId('chat-billed')).toHaveTextContent('6 VXC');
    expect(within(room).getByTestId('chat-balance')).toHaveTextContent('28 VXC');
    expect(within(room).getByTestId('chat-seconds-left')).toHaveTextContent('5:00');
    // Another chat's push changes nothing here.
    act(() =>
      platform.emit({
        type: 'chatState',
        chatId: 'chat-2',
        heldAmount: 0,
        billedSeconds: 120,
        billedAmount: 9900,
        secondsLeft: 0,
      }),
    );
    expect(within(room).getByTestId('chat-billed')).toHaveTextContent('6 VXC');
  });

  it('sends text over the socket and shows the performer’s answers', async () => {
    const { platform, room } = await startedRoom();
    const log = within(room).getByRole('log', { name: 'Chat messages' });
    expect(log).toHaveTextContent('Say hello to Lena!');
    fireEvent.change(within(room).getByRole('textbox', { name: 'Message' }), { target: { value: '  Hi Lena  ' } });
    fireEvent.click(within(room).getByRole('button', { name: 'Send' }));
    expect(platform.sent).toEqual([{ type: 'sendChatMessage', chatId: 'chat-1', text: 'Hi Lena' }]);
    expect(within(log).getByText('Hi Lena').closest('li')).toHaveAttribute('aria-busy', 'true');
    const at = new Date().toISOString();
    act(() => {
      platform.emit({ type: 'chatMessage', id: 1, chatId: 'chat-1', senderType: 'guest', text: 'Hi Lena', at });
      platform.emit({ type: 'chatMessage', id: 2, chatId: 'chat-1', senderType: 'actor', text: 'Hey you!', at });
      platform.emit({ type: 'chatMessage', id: 3, chatId: 'chat-9', senderType: 'actor', text: 'Not yours', at });
    });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['You: Hi Lena', 'Lena: Hey you!']);
    expect(items[0]).not.toHaveAttribute('aria-busy');
  });

  it('shows the state of a toy control running in this chat, and the toy_control category at its end', async () => {
    const { platform, room } = await startedRoom();
    const toyRun = (state: 'available' | 'started' | 'finished', chatId = 'chat-1') => ({
      type: 'toyControl' as const,
      run: {
        id: 5,
        actorId: 7,
        channelId: 1,
        giftId: 96483,
        intensity: 3,
        random: false,
        duration: 30,
        state,
        chatId,
        startedAt: null,
        endsAt: null,
      },
    });
    act(() => platform.emit(toyRun('started', 'chat-9')));
    expect(within(room).queryByTestId('chat-toy')).toBeNull();
    act(() => platform.emit(toyRun('available')));
    expect(within(room).getByTestId('chat-toy')).toHaveTextContent('Your toy control waits for her toy.');
    act(() => platform.emit(toyRun('started')));
    expect(within(room).getByTestId('chat-toy')).toHaveTextContent('Her toy runs at intensity 3 for 30 s.');
    act(() => platform.emit(chatEndPush(chatEnd({ category: 'toy_control' }))));
    await screen.findByTestId('chat-end');
    expect(platform.tracked.map((event) => event.data?.['category'])).toEqual(['toy_control']);
  });

  it('has no text field in a voyeur chat', async () => {
    const { room } = await startedRoom({
      button: 'Watch as voyeur',
      session: { chatType: 'VOYEUR_CHAT', abilities: ['video', 'charge'], pricePerMinute: 400 },
    });
    expect(within(room).queryByRole('textbox')).toBeNull();
    expect(within(room).getByRole('heading', { name: 'Voyeur' })).toBeInTheDocument();
  });

  it('counts the free text chat down from 60 s', async () => {
    jest.useFakeTimers();
    const now = Date.now();
    const { room } = await startedRoom({
      profile: { freeChat: true },
      button: 'Start the free chat',
      session: {
        chatType: 'FREECHAT',
        abilities: ['video', 'text'],
        pricePerMinute: 0,
        heldAmount: 0,
        secondsLeft: null,
        startedAt: new Date(now).toISOString(),
        endsAt: new Date(now + 60_000).toISOString(),
      },
    });
    expect(within(room).getByTestId('chat-countdown')).toHaveTextContent('The text chat ends in 60 seconds.');
    expect(within(room).getByTestId('chat-price')).toHaveTextContent('Free');
    expect(within(room).queryByTestId('chat-billed')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(within(room).getByTestId('chat-countdown')).toHaveTextContent('The text chat ends in 45 seconds.');
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(within(room).getByTestId('chat-countdown')).toHaveTextContent('The text chat ends in 0 seconds.');
  });

  it('counts the preview down and tells why it ended', async () => {
    jest.useFakeTimers();
    const now = Date.now();
    const { platform, room } = await startedRoom({
      loggedIn: false,
      button: 'Watch the preview',
      session: {
        chatType: 'LIVE_PREVIEW',
        abilities: ['video'],
        pricePerMinute: 0,
        heldAmount: 0,
        secondsLeft: null,
        startedAt: new Date(now).toISOString(),
        endsAt: new Date(now + 5_000).toISOString(),
      },
    });
    expect(within(room).getByTestId('chat-countdown')).toHaveTextContent('The preview ends in 5 seconds.');
    expect(within(room).queryByTestId('chat-balance')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(4_000));
    expect(within(room).getByTestId('chat-countdown')).toHaveTextContent('The preview ends in 1 second.');
    act(() =>
      platform.emit(
        chatEndPush(
          chatEnd({
            chatType: 'LIVE_PREVIEW',
            exitCode: CHAT_EXIT_CODES.timeLimit,
            durationSeconds: 5,
            billedAmount: 0,
            surveyEligible: false,
          }),
        ),
      ),
    );
    expect(await screen.findByTestId('chat-end-reason')).toHaveTextContent('The time for this chat is up.');
  });

  it('resumes a running chat after a reload, with its running time from the server and its messages', async () => {
    const startedAt = new Date(Date.now() - 125_000).toISOString();
    const { platform } = renderChatPage({
      active: () => ({
        chat: chatSession({ chatId: 'chat-5', startedAt }),
        messages: [{ id: 9, chatId: 'chat-5', senderType: 'actor', text: 'Still here?', at: startedAt }],
      }),
    });
    const room = await screen.findByRole('region', { name: 'Chat with Lena' });
    expect(room).toHaveAttribute('data-chat-id', 'chat-5');
    expect(within(room).getByTestId('chat-elapsed')).toHaveTextContent('2:05');
    expect(within(room).getByText('Still here?')).toBeInTheDocument();
    expect(restCallsTo(platform, chatSessionEndpoints.start)).toEqual([]);
  });
});

describe('the end of a chat', () => {
  it('stops on request, sends the purchase event once, and asks for a rating after 30 s or more', async () => {
    const { platform, room } = await startedRoom();
    fireEvent.click(within(room).getByRole('button', { name: 'End chat' }));
    expect(await screen.findByTestId('chat-end-reason')).toHaveTextContent('You ended the chat.');
    expect(restCallsTo(platform, chatSessionEndpoints.stop)).toEqual([{ body: { chatId: 'chat-1' } }]);
    expect(screen.getByText('Duration 1:35 · billed 10 VXC')).toBeInTheDocument();
    // The push of the same end follows the answer: still one event.
    act(() => platform.emit(chatEndPush(chatEnd())));
    expect(platform.tracked).toEqual([
      {
        context: 'purchase',
        action: 'chatEnd',
        data: {
          category: 'live_chat',
          chatId: 'chat-1',
          chatType: 'LIVECHAT',
          actorId: 7,
          durationSeconds: 95,
          value: 1000,
          currency: 'VXC',
          exitCode: 100,
        },
      },
    ]);

    const survey = screen.getByTestId('chat-exit-survey');
    expect(within(survey).getByText('How was your chat with Lena?')).toBeInTheDocument();
    const send = within(survey).getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    fireEvent.click(within(survey).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(survey).getByRole('textbox', { name: 'Your feedback (optional)' }), {
      target: { value: 'Lovely' },
    });
    fireEvent.click(send);
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(restCallsTo(platform, chatSessionEndpoints.chatExitSurvey)).toEqual([
      {
        body: {
          currentUrl: window.location.href,
          chatId: 'chat-1',
          actorId: 7,
          mobile: false,
          feedback: 'Lovely',
          rating: 4,
          isAnonymousVoicecall: false,
          chatType: 'LIVECHAT',
        },
      },
    ]);
  });

  it('asks no rating after a chat shorter than 30 s', async () => {
    const { platform } = await startedRoom();
    act(() => platform.emit(chatEndPush(chatEnd({ durationSeconds: 20, surveyEligible: false }))));
    await screen.findByTestId('chat-end');
    expect(screen.queryByTestId('chat-exit-survey')).toBeNull();
  });

  it('sends the voyeur category for a voyeur chat', async () => {
    const { platform } = await startedRoom({
      button: 'Watch as voyeur',
      session: { chatType: 'VOYEUR_CHAT', abilities: ['video', 'charge'] },
    });
    act(() => platform.emit(chatEndPush(chatEnd({ chatType: 'VOYEUR_CHAT', category: 'voyeur_cam' }))));
    await screen.findByTestId('chat-end');
    expect(platform.tracked.map((event) => event.data?.['category'])).toEqual(['voyeur_cam']);
  });

  it.each([
    [CHAT_EXIT_CODES.outOfMoney, 'Your coins have run out. Buy coins to chat on.'],
    [CHAT_EXIT_CODES.hostStop, 'Lena ended the chat.'],
    [CHAT_EXIT_CODES.hostOffline, 'Lena went offline.'],
    [CHAT_EXIT_CODES.hostKick, 'Lena removed you from the chat.'],
    [CHAT_EXIT_CODES.adminKick, 'Our support team ended the chat.'],
    [CHAT_EXIT_CODES.timeLimit, 'The time for this chat is up.'],
    [CHAT_EXIT_CODES.textTimeLimit, 'The free text chat time is over.'],
    [CHAT_EXIT_CODES.previewOffline, 'Lena went offline during the preview.'],
    [CHAT_EXIT_CODES.previewSingle, 'Lena has gone into a private chat.'],
    [CHAT_EXIT_CODES.previewDisabled, 'Lena has switched the preview off.'],
    [CHAT_EXIT_CODES.previewHourLimit, 'You have watched enough previews of Lena this hour.'],
    [CHAT_EXIT_CODES.liveShowStarted, 'Lena has started a live show. Get a ticket to watch it.'],
    [CHAT_EXIT_CODES.ageRatingDenied, 'This chat needs an age check.'],
    [107, 'The chat ended on your side (code 107).'],
    [205, 'Lena ended the chat (code 205).'],
    [498, 'Lena was offline when the preview started.'],
    [920, 'The chat ended for a technical reason (code 920).'],
  ])('tells why exit code %i ended the chat', async (exitCode, text) => {
    const { platform } = await startedRoom();
    act(() => platform.emit(chatEndPush(chatEnd({ exitCode, surveyEligible: false }))));
    expect(await screen.findByTestId('chat-end-reason')).toHaveTextContent(text);
    const buyCoins = screen.queryByRole('button', { name: 'Buy coins' });
    if (exitCode === CHAT_EXIT_CODES.outOfMoney) {
      fireEvent.click(buyCoins!);
      expect(platform.openedFlows).toEqual(['moneyCharge']);
    } else {
      expect(buyCoins).toBeNull();
    }
  });

  it.each([
    [CHAT_EXIT_CODES.ageRatingDenied, 'Verify my age'],
    [CHAT_EXIT_CODES.previewAgeRatingDenied, 'Verify my age'],
  ])('opens the age check once when exit code %i ends the chat (verification withdrawn)', async (exitCode, verify) => {
    const { platform } = await startedRoom();
    const end = chatEndPush(chatEnd({ exitCode, surveyEligible: false }));
    act(() => platform.emit(end));
    act(() => platform.emit(end));
    expect(await screen.findByTestId('chat-end-reason')).toHaveTextContent('needs an age check');
    expect(platform.openedFlows).toEqual(['ageCheck']);
    fireEvent.click(screen.getByRole('button', { name: verify }));
    expect(platform.openedFlows).toEqual(['ageCheck', 'ageCheck']);
  });

  it('words every exit code in every language', () => {
    for (const language of ['de', 'en', 'nl', 'es'] as const) {
      const exit = (locales[language] as { chat: { exit: Record<string, string> } }).chat.exit;
      for (const reason of [...Object.keys(CHAT_EXIT_CODES), 'clientOther', 'hostOther', 'previewOther', 'technical']) {
        expect([language, reason, typeof exit[reason]]).toEqual([language, reason, 'string']);
      }
    }
  });

  it('goes back to the options to chat again', async () => {
    const { platform } = await startedRoom();
    act(() => platform.emit(chatEndPush(chatEnd({ exitCode: 201 }))));
    fireEvent.click(await screen.findByRole('button', { name: 'Chat again' }));
    expect(await screen.findByRole('list', { name: 'Chats with Lena' })).toBeInTheDocument();
  });
});

describe('the one-click top-up', () => {
  const lowOnCoins = (platform: ReturnType<typeof createMockPlatform>, secondsLeft: number) =>
    act(() =>
      platform.emit({
        type: 'chatState',
        chatId: 'chat-1',
        heldAmount: 600,
        billedSeconds: 60,
        billedAmount: 600,
        secondsLeft,
      }),
    );

  it('is offered for 60 s when the coins run low, charges one click and lets the chat go on', async () => {
    const { platform, room } = await startedRoom();
    expect(screen.queryByTestId('one-click-offer')).toBeNull();
    lowOnCoins(platform, 50);
    const offer = await screen.findByTestId('one-click-offer');
    expect(offer).toHaveTextContent('Your coins last 50 more seconds.');
    expect(platform.sent).toEqual([{ type: 'canOneClick' }]);
    act(() =>
      platform.emit({
        type: 'oneClick',
        isPaying: true,
        amounts: [1000, 2500],
        autoRechargeAllowed: false,
        result: null,
      }),
    );
    fireEvent.click(within(offer).getByRole('button', { name: /Top up 10,00\s€/ }));
    const charge = platform.sent[1] as { type: string; amount: number; requestId: string };
    expect(charge).toMatchObject({ type: 'chargeOneClick', amount: 1000, channelId: null });
    expect(charge.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Another tab's result is not ours.
    act(() =>
      platform.emit({
        type: 'oneClick',
        isPaying: true,
        amounts: [1000, 2500],
        autoRechargeAllowed: false,
        result: { requestId: 'someone-elses', success: true, errorCode: null, coins: 4000 },
      }),
    );
    expect(platform.toasts).toEqual([]);
    act(() =>
      platform.emit({
        type: 'oneClick',
        isPaying: true,
        amounts: [1000, 2500],
        autoRechargeAllowed: false,
        result: { requestId: charge.requestId, success: true, errorCode: null, coins: 4000 },
      }),
    );
    expect(platform.toasts).toEqual([{ message: '40\u00a0VXC added. Enjoy your chat!', kind: 'success' }]);
    await waitFor(() => expect(screen.queryByTestId('one-click-offer')).toBeNull());
    expect(room).toBeInTheDocument();
    expect(screen.queryByTestId('chat-end')).toBeNull();
  });

  it('says when the one-click payment is declined, and the offer goes after 60 s', async () => {
    jest.useFakeTimers();
    const { platform } = await startedRoom({ session: { secondsLeft: 3600 } });
    lowOnCoins(platform, 600);
    expect(screen.queryByTestId('one-click-offer')).toBeNull();
    lowOnCoins(platform, 55);
    const offer = await screen.findByTestId('one-click-offer');
    act(() =>
      platform.emit({ type: 'oneClick', isPaying: true, amounts: [1000], autoRechargeAllowed: false, result: null }),
    );
    fireEvent.click(within(offer).getByRole('button', { name: /Top up 10,00\s€/ }));
    const { requestId } = platform.sent[1] as { requestId: string };
    act(() =>
      platform.emit({
        type: 'oneClick',
        isPaying: true,
        amounts: [1000],
        autoRechargeAllowed: false,
        result: { requestId, success: false, errorCode: 'PAYMENT_DECLINED', coins: 0 },
      }),
    );
    expect(within(offer).getByRole('alert')).toHaveTextContent('The payment was declined. Nothing was charged.');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('one-click-offer')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByTestId('one-click-offer')).toBeNull();
  });

  it('offers the money charge to a guest who never paid', async () => {
    const { platform } = await startedRoom();
    lowOnCoins(platform, 30);
    const offer = await screen.findByTestId('one-click-offer');
    act(() =>
      platform.emit({ type: 'oneClick', isPaying: false, amounts: [], autoRechargeAllowed: false, result: null }),
    );
    fireEvent.click(within(offer).getByRole('button', { name: 'Buy coins' }));
    expect(platform.openedFlows).toEqual(['moneyCharge']);
  });
});
