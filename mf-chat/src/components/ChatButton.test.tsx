import { fireEvent, screen } from '@testing-library/react';
import { chatButtonConfig, type ChatButtonConfig } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { actorItem } from '../test/fixtures';
import { ChatButton } from './ChatButton';
import { chatButtonView } from './chatButtonView';

const config = (overrides: Partial<ChatButtonConfig> = {}, prices: Partial<ChatButtonConfig['prices']> = {}) =>
  chatButtonConfig.parse({
    ...actorItem(7).chatButton,
    ...overrides,
    prices: { ...actorItem(7).chatButton.prices, ...prices },
  });

describe('chat button config (spec "Chat button config per actor")', () => {
  it('offers the chat at the video price per minute, with the free preview', () => {
    expect(chatButtonView(config())).toEqual({
      mode: 'chat',
      route: 'actorChat',
      pricePerMinute: 600,
      voucherMinutes: 0,
      hasTicket: false,
      livePreview: true,
    });
  });

  it('shows a free chat or a zero price as free', () => {
    expect(chatButtonView(config({ freeChat: true })).pricePerMinute).toBe(0);
    expect(chatButtonView(config({}, { video: 0 })).pricePerMinute).toBe(0);
  });

  it('names the voucher minutes the guest holds', () => {
    expect(chatButtonView(config({ voucherChatMinutes: 5 })).voucherMinutes).toBe(5);
  });

  it('offers voyeur mode at the voyeur price', () => {
    expect(chatButtonView(config({ isVoyeurMode: true }))).toMatchObject({
      mode: 'voyeur',
      route: 'actorChat',
      pricePerMinute: 400,
    });
  });

  it('leads to the live-show page during a ticket show, with or without a ticket', () => {
    expect(chatButtonView(config({ isCurrentlyTicketShow: true }))).toMatchObject({
      mode: 'ticketShow',
      route: 'actorLiveShow',
      pricePerMinute: null,
      hasTicket: false,
    });
    expect(chatButtonView(config({ isCurrentlyTicketShow: true, guestHasTicket: true })).hasTicket).toBe(true);
  });

  it('is disabled for an offline performer and, before anything else, for a banned country', () => {
    expect(chatButtonView(config({ isActorOnline: false }))).toMatchObject({ mode: 'offline', route: null });
    expect(
      chatButtonView(config({ isActorOnline: false, isBannedCountryCode: true, isCurrentlyTicketShow: true })),
    ).toMatchObject({ mode: 'banned', route: null, pricePerMinute: null });
  });
});

describe('ChatButton', () => {
  const renderButton = (buttonConfig: ChatButtonConfig, language: 'en' | 'de' = 'en') => {
    const platform = createMockPlatform({ language });
    renderWithPlatform(<ChatButton config={buttonConfig} actorName="lena" displayName="Lena" explain />, {
      platform,
      remote: 'mf-chat',
      locales,
    });
    return platform;
  };

  it('navigates to the chat route with the price per minute and the vouchers', () => {
    const platform = renderButton(config({ voucherChatMinutes: 3 }));
    const link = screen.getByRole('link', { name: /^Chat now ?: Lena\b/ });
    expect(link).toHaveAttribute('href', '/en/amateur/lena/chat/');
    expect(link).toHaveTextContent('Chat now: Lena6 VXC/min');
    expect(screen.getByText('3 free minutes with her')).toBeInTheDocument();
    expect(screen.getByText('Free live preview first')).toBeInTheDocument();
    fireEvent.click(link);
    expect(platform.navigations).toEqual([{ name: 'actorChat', args: { actorName: 'lena' } }]);
  });

  it('shows the free label for a free chat, in the visitor language', () => {
    renderButton(config({ freeChat: true }), 'de');
    expect(screen.getByRole('link', { name: /^Jetzt chatten ?: Lena\b/ })).toHaveTextContent('Gratis');
  });

  it('leads ticket holders to the running live show', () => {
    renderButton(config({ isCurrentlyTicketShow: true, guestHasTicket: true }));
    expect(screen.getByRole('link', { name: /^Watch the live show ?: Lena\b/ })).toHaveAttribute(
      'href',
      '/en/amateur/lena/live-show/',
    );
  });

  it('is disabled and says why when she is offline or the country is banned', () => {
    renderButton(config({ isActorOnline: false }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Offline').closest('[aria-disabled]')).toHaveTextContent('Offline6 VXC/min');
    expect(screen.getByText(/Lena is offline right now/)).toBeInTheDocument();
  });

  it('is disabled without a price for a banned country', () => {
    renderButton(config({ isBannedCountryCode: true }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Not available in your country').closest('[aria-disabled]')).not.toHaveTextContent('VXC');
    expect(screen.getByText('Lena is not available in your country.')).toBeInTheDocument();
  });
});
