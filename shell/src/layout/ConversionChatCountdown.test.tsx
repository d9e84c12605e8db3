import { act, screen } from '@testing-library/react';
import { CONVERSION_CHAT_MINUTES } from '@velvet/contracts';
import { guestFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { ConversionChatCountdown } from './ConversionChatCountdown';

const START = new Date('2026-03-01T10:00:00Z');
const ENDS = new Date(START.getTime() + CONVERSION_CHAT_MINUTES * 60 * 1000).toISOString();

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(START);
});
afterEach(() => jest.useRealTimers());

/** The countdown in the shell of `language`, the guest's session carrying `conversionChatEnds`. */
function renderCountdown(conversionChatEnds: string | null, language: 'de' | 'en' = 'en') {
  const rendered = renderInShell(<ConversionChatCountdown />, { language });
  act(() =>
    rendered.shell.session.session$.next({
      accessToken: 'guest-token',
      guest: { ...guestFixture(true, language), conversionChatEnds },
    }),
  );
  return rendered;
}

describe('the conversion chat countdown', () => {
  it('counts down every second from the end the profile carries, and is gone when it ends', () => {
    renderCountdown(ENDS);
    const timer = screen.getByRole('timer', { name: 'Chat offer countdown' });
    expect(timer).toHaveTextContent('Your chat offer: 15:00 left');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Your chat offer: 14:59 left');
    act(() => jest.advanceTimersByTime(60_000));
    expect(timer).toHaveTextContent('Your chat offer: 13:59 left');
    act(() => jest.advanceTimersByTime(13 * 60_000 + 58_000));
    expect(timer).toHaveTextContent('Your chat offer: 0:01 left');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    // Nothing keeps ticking once it ended.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('speaks the guest language', () => {
    renderCountdown(ENDS, 'de');
    expect(screen.getByRole('timer', { name: 'Countdown des Chat-Angebots' })).toHaveTextContent(
      'Dein Chat-Angebot: noch 15:00',
    );
  });

  it('shows nothing without a running conversion chat, and goes when it is disabled', () => {
    const { shell } = renderCountdown(null);
    expect(screen.queryByRole('timer')).toBeNull();
    act(() =>
      shell.session.session$.next({
        accessToken: 'guest-token',
        guest: { ...guestFixture(true), conversionChatEnds: new Date(START.getTime() - 1000).toISOString() },
      }),
    );
    expect(screen.queryByRole('timer')).toBeNull();
    act(() =>
      shell.session.session$.next({
        accessToken: 'guest-token',
        guest: { ...guestFixture(true), conversionChatEnds: ENDS },
      }),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    act(() =>
      shell.session.session$.next({
        accessToken: 'guest-token',
        guest: { ...guestFixture(true), conversionChatEnds: null },
      }),
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('follows the conversionChat push while the page is open: from the moment it is enabled, gone when disabled', () => {
    const { shell } = renderCountdown(null);
    // The page has been open a while when the offer starts.
    act(() => jest.advanceTimersByTime(5 * 60_000));
    const ends = new Date(Date.now() + CONVERSION_CHAT_MINUTES * 60 * 1000).toISOString();
    act(() => shell.session.setConversionChat({ type: 'conversionChat', countdownEnds: ends }));
    expect(shell.session.current().guest.conversionChatEnds).toBe(ends);
    const timer = screen.getByRole('timer', { name: 'Chat offer countdown' });
    expect(timer).toHaveTextContent('Your chat offer: 15:00 left');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Your chat offer: 14:59 left');
    act(() => shell.session.setConversionChat({ type: 'conversionChat', countdownEnds: null }));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });
});
