import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  buyChatTicketMutation,
  chatEndpoints,
  chatSessionEndpoints,
  chatShowListQuery,
  removeChatTicketMutation,
  ticketChatListQuery,
  type CamShow,
  type ChatTicket,
  type TicketMutationResult,
} from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, type GraphqlHandler } from '@velvet/testing';
import { ChatApp } from '../ChatApp';
import { locales } from '../locales';
import { actorProfile } from '../test/fixtures';
import { camShow, chatSession, chatTicket } from './chatFixtures';

const refused = (errorCode: TicketMutationResult['errorCode']): TicketMutationResult => ({
  success: false,
  errorCode,
  ticket: null,
  show: null,
});

function renderLiveShow({
  tickets,
  mutate,
  loggedIn = true,
  profile,
}: {
  tickets: ChatTicket[];
  mutate?: (variables: Record<string, unknown>, operation: string) => TicketMutationResult;
  loggedIn?: boolean;
  profile?: Parameters<typeof actorProfile>[0];
}) {
  const queries: { operation: string; variables: Record<string, unknown> }[] = [];
  const query: GraphqlHandler = (operation, variables) => {
    const name =
      operation === ticketChatListQuery
        ? 'ticketChatList'
        : operation === buyChatTicketMutation
          ? 'buyChatTicket'
          : operation === removeChatTicketMutation
            ? 'removeChatTicket'
            : 'unknown';
    queries.push({ operation: name, variables });
    if (name === 'ticketChatList') return { ticketChatList: tickets };
    return { [name]: mutate!(variables, name) };
  };
  const platform = createMockPlatform({
    loggedIn,
    route: { name: 'actorLiveShow', args: { actorName: 'lena' } },
    rest: {
      ...restFixture(chatEndpoints.actorData, () => actorProfile(profile)),
      ...restFixture(chatSessionEndpoints.active, () => ({ chat: null, messages: [] })),
      ...restFixture(chatSessionEndpoints.start, ({ body }) =>
        chatSession({ chatType: body.chatType, abilities: ['video', 'text', 'tip'], pricePerMinute: 0 }),
      ),
    },
    query,
  });
  return { ...renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales }), queries };
}

describe('the live-show page', () => {
  it('lists her ticket shows and buys a ticket as a chat ticket (creation type C)', async () => {
    const { queries } = renderLiveShow({
      tickets: [chatTicket()],
      mutate: () => ({
        success: true,
        errorCode: null,
        ticket: chatTicket({ isBought: true, canBuy: false, seatsLeft: 11 }),
        show: null,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Live shows of Lena' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Evening show' })).toBeInTheDocument();
    expect(item).toHaveTextContent('20 VXC');
    expect(item).toHaveTextContent('12 seats left');
    fireEvent.click(within(item).getByRole('button', { name: 'Buy a ticket' }));
    expect(await within(item).findByText('You have a ticket.')).toBeInTheDocument();
    expect(within(item).getByText('See you at eight!')).toBeInTheDocument();
    expect(item).toHaveTextContent('11 seats left');
    expect(queries.map((entry) => entry.operation)).toEqual(['ticketChatList', 'buyChatTicket']);
    expect(queries[1]!.variables).toEqual({ id: 31, creationType: 'C', modelId: 7 });
  });

  it('says why a purchase was refused, and opens the money charge when coins are missing', async () => {
    let code: TicketMutationResult['errorCode'] = 'SOLD_OUT';
    const { platform } = renderLiveShow({ tickets: [chatTicket()], mutate: () => refused(code) });
    const buy = await screen.findByRole('button', { name: 'Buy a ticket' });
    fireEvent.click(buy);
    expect(await screen.findByRole('alert')).toHaveTextContent('This show is sold out.');
    expect(platform.openedFlows).toEqual([]);
    code = 'INSUFFICIENT_FUNDS';
    fireEvent.click(buy);
    expect(await screen.findByText('Your balance is too low for this ticket. Buy coins and try again.')).toBeVisible();
    expect(platform.openedFlows).toEqual(['moneyCharge']);
  });

  it('gives a ticket back before the show', async () => {
    const { queries } = renderLiveShow({
      tickets: [chatTicket({ isBought: true, canBuy: false })],
      mutate: () => ({ success: true, errorCode: null, ticket: chatTicket(), show: null }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Give the ticket back' }));
    expect(await screen.findByRole('button', { name: 'Buy a ticket' })).toBeInTheDocument();
    expect(queries[1]).toEqual({ operation: 'removeChatTicket', variables: { id: 31 } });
  });

  it('asks an anonymous visitor to log in before buying', async () => {
    const { platform, queries } = renderLiveShow({ loggedIn: false, tickets: [chatTicket()] });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy a ticket' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(queries.map((entry) => entry.operation)).toEqual(['ticketChatList']);
  });

  it('lets a ticket holder watch the running show as a live-show chat', async () => {
    const { platform } = renderLiveShow({
      tickets: [chatTicket({ isBought: true, canBuy: false, hasStarted: true })],
      profile: { isCurrentlyTicketShow: true, guestHasTicket: true },
    });
    expect(await screen.findByRole('heading', { name: 'Lena is in a live show right now' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Watch the show' }));
    const room = await screen.findByRole('region', { name: 'Chat with Lena' });
    expect(within(room).getByTestId('live-player')).toBeInTheDocument();
    expect(within(room).getByRole('heading', { name: 'Live show' })).toBeInTheDocument();
    expect(restCallsTo(platform, chatSessionEndpoints.start)[0]?.body?.chatType).toBe('LIVESHOW');
  });

  it('tells a guest without a ticket that the running show needs one', async () => {
    renderLiveShow({ tickets: [chatTicket({ hasStarted: true })], profile: { isCurrentlyTicketShow: true } });
    expect(await screen.findByText('You need a ticket to watch the show.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch the show' })).toBeNull();
  });
});

describe('the cam shows page', () => {
  it('pages through the cam shows with the performer of each', async () => {
    const pages: Record<string, unknown>[] = [];
    const platform = createMockPlatform({
      loggedIn: true,
      route: { name: 'camShows' },
      query: (operation, variables) => {
        expect(operation).toBe(chatShowListQuery);
        pages.push(variables);
        const offset = variables['offset'] as number;
        const items: CamShow[] = [camShow({ id: offset + 1, actorName: `Show${offset + 1}`, isFeatured: true })];
        return { chatShowList: { total: 45, items } };
      },
    });
    renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cam shows' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Cam shows' });
    expect(within(list).getByRole('link', { name: 'Show1' })).toHaveAttribute('href', '/en/amateur/show1/live-show/');
    expect(within(list).getByText('Featured', { exact: false })).toBeInTheDocument();
    expect(list.querySelector('img')).toHaveAttribute('loading', 'lazy');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Show31' })).toBeInTheDocument();
    expect(pages.map((variables) => [variables['first'], variables['offset'], variables['order']])).toEqual([
      [30, 0, 'ASC'],
      [30, 30, 'ASC'],
    ]);
    expect(pages[0]!['endDateFrom']).toBe(pages[1]!['endDateFrom']);
  });
});

describe('the private ticket show invitation', () => {
  it('announces a started show with a toast and a notice leading to the live-show page', async () => {
    const platform = createMockPlatform({ loggedIn: true, route: { name: 'cams' }, rest: {} });
    renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
    act(() =>
      platform.emit({
        type: 'privateTicketShowInvitation',
        actorName: 'Lena',
        profilePicture: '/media/actors/lena/avatar.webp',
        actorId: 7,
        ticketId: 31,
      }),
    );
    expect(platform.toasts).toEqual([{ message: "Lena's live show has started!", kind: 'info' }]);
    const notice = await screen.findByTestId('show-invitation');
    const watch = within(notice).getByRole('link', { name: 'Watch now' });
    expect(watch).toHaveAttribute('href', '/en/amateur/lena/live-show/');
    fireEvent.click(watch);
    expect(platform.navigations).toEqual([{ name: 'actorLiveShow', args: { actorName: 'lena' } }]);
    expect(screen.queryByTestId('show-invitation')).toBeNull();
  });
});
