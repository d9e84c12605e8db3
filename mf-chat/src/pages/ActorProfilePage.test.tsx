import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  chatEndpoints,
  seoEndpoints,
  ticketChatListQuery,
  type ActorProfile,
  type ChatTicket,
} from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { ChatApp } from '../ChatApp';
import { locales } from '../locales';
import { actorProfile } from '../test/fixtures';

function ticket(id: number, overrides: Partial<ChatTicket> = {}): ChatTicket {
  return {
    id,
    actorId: 7,
    actorName: 'lena',
    actorLink: '/en/amateur/lena/',
    price: { value: 1500, currency: 'VXC', symbol: 'VXC' },
    title: [
      { language: 'en', value: `Show ${id}` },
      { language: 'de', value: `Show ${id} (de)` },
    ],
    description: [],
    postBuyInfo: [],
    sedcards: [],
    avatar: '/media/actors/lena/avatar.webp',
    start: '2026-12-01T20:00:00.000Z',
    end: '2026-12-01T21:00:00.000Z',
    isBought: false,
    isFree: false,
    canBuy: true,
    hasStarted: false,
    bonusCode: null,
    creationType: 'C',
    seatsLeft: 20,
    ...overrides,
  };
}

function renderProfile(profile: ActorProfile, tickets: ChatTicket[] = []) {
  const modelIds: unknown[] = [];
  const breadcrumbCalls: unknown[] = [];
  const platform = createMockPlatform({
    route: { name: 'actorProfile', args: { actorName: 'lena' } },
    rest: {
      [chatEndpoints.actorData.path]: () => profile,
      [seoEndpoints.breadcrumb.path]: (input) => {
        breadcrumbCalls.push(input);
        return {
          data: {
            breadcrumb: [
              { name: 'Velvet', path: '/en/', route: 'home' },
              { name: profile.displayName, path: `/en/amateur/${profile.name}/`, route: 'actorProfile' },
            ],
          },
        };
      },
    },
    query: (operation, variables) => {
      expect(operation.document).toBe(ticketChatListQuery.document);
      modelIds.push(variables['modelId']);
      return { ticketChatList: tickets };
    },
  });
  renderWithPlatform(<ChatApp />, { platform, remote: 'mf-chat', locales });
  return { platform, modelIds, breadcrumbCalls };
}

const button = (overrides: Partial<ActorProfile['chatButton']>) => ({ ...actorProfile().chatButton, ...overrides });

describe('actor profile rules', () => {
  it('shows a rating only with at least 10 ratings', async () => {
    renderProfile(actorProfile({ rating: { average: 4.9, count: 9, satisfactionRate: 100 } }));
    expect(await screen.findByText('Not enough ratings yet', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/★/)).toBeNull();
  });

  it('flags a banned country and disables the chat button with the reason', async () => {
    renderProfile(actorProfile({ chatButton: button({ isBannedCountryCode: true }) }));
    expect(await screen.findByText('Lena does not offer her chats in your country.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Chat now/ })).toBeNull();
    expect(screen.getByText('Lena is not available in your country.')).toBeInTheDocument();
  });

  it('explains a disabled button while she is offline and enables it when she comes online', async () => {
    const { platform } = renderProfile(actorProfile({ isOnline: false, chatButton: button({ isActorOnline: false }) }));
    expect(await screen.findByText(/Lena is offline right now/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Chat now/ })).toBeNull();
    act(() => platform.emit({ type: 'actorOnline', actorId: 7, actorName: 'lena' }));
    const chat = await screen.findByRole('link', { name: /^Chat now ?: Lena\b/ });
    expect(chat).toHaveTextContent('6 VXC/min');
    expect(screen.queryByText(/Lena is offline right now/)).toBeNull();
    fireEvent.click(chat);
    expect(platform.navigations).toEqual([{ name: 'actorChat', args: { actorName: 'lena' } }]);
  });

  it('offers voyeur mode at the voyeur price and names the voucher minutes', async () => {
    renderProfile(actorProfile({ chatButton: button({ isVoyeurMode: true, voucherChatMinutes: 1 }) }));
    const voyeur = await screen.findByRole('link', { name: /^Watch as voyeur ?: Lena\b/ });
    expect(voyeur).toHaveTextContent('4 VXC/min');
    expect(screen.getByText('1 free minute with her')).toBeInTheDocument();
  });

  it('shows a free chat as free', async () => {
    renderProfile(actorProfile({ freeChat: true, chatButton: button({ freeChat: true }) }));
    expect(await screen.findByRole('link', { name: /^Chat now ?: Lena\b/ })).toHaveTextContent('Free');
  });

  it('lists her planned ticket shows and links to the live-show page to buy', async () => {
    const { modelIds } = renderProfile(actorProfile(), [
      ticket(1, { isBought: true }),
      ticket(2),
      ticket(3),
      ticket(4),
    ]);
    const list = await screen.findByRole('list', { name: 'Planned live shows of Lena' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Show 1');
    expect(items[0]).toHaveTextContent('15 VXC');
    expect(items[0]).toHaveTextContent('you have a ticket');
    expect(screen.getByRole('link', { name: 'All 4 shows and tickets' })).toHaveAttribute(
      'href',
      '/en/amateur/lena/live-show/',
    );
    expect(modelIds).toEqual([7]);
  });

  it('shows no ticket block when nothing is planned', async () => {
    const { modelIds } = renderProfile(actorProfile());
    await screen.findByRole('heading', { level: 1, name: 'Lena' });
    await waitFor(() => expect(modelIds).toEqual([7]));
    // While the shows load their section waits; the empty answer takes it away.
    await waitFor(() => expect(screen.queryByText('Planned live shows of Lena')).toBeNull());
  });

  it("shows the server's trail of her profile: home linked, her own page current", async () => {
    const { breadcrumbCalls } = renderProfile(actorProfile());
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(await trail.findByRole('link', { name: 'Velvet' })).toHaveAttribute('href', '/en/');
    expect(trail.getByText('Lena')).toHaveAttribute('aria-current', 'page');
    expect(breadcrumbCalls).toEqual([
      expect.objectContaining({ params: { breadcrumbType: 'actorProfile' }, body: { payload: { actorName: 'lena' } } }),
    ]);
  });
});
