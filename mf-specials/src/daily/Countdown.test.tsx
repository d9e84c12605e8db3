import { act, screen } from '@testing-library/react';
import { RemoteProviders } from '@velvet/federation';
import { createMockPlatform, hydrateOverServer } from '@velvet/testing';
import { locales } from '../locales';
import { Countdown } from './Countdown';

afterEach(() => jest.useRealTimers());

describe('countdown on a server-rendered page', () => {
  it('is blank on the server and in hydration, then the browser’s clock runs it', async () => {
    // 23:59:50 in Berlin (winter time, UTC+1); the page was rendered earlier, on another clock.
    jest.useFakeTimers({ now: new Date('2026-11-22T22:59:50Z') });
    const platform = createMockPlatform();
    platform.i18n.addResourceBundle('en', 'mf-specials', locales.en, true, true);
    const page = (
      <RemoteProviders platform={platform} remote="mf-specials">
        <Countdown today="2026-11-22" onDayEnd={() => undefined} />
      </RemoteProviders>
    );
    const hydrated = await hydrateOverServer(page, page);
    expect(hydrated.html).toContain('--:--:--');
    expect(hydrated.recoverableErrors).toEqual([]);
    expect(hydrated.consoleErrors).toEqual([]);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:09');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:08');
    hydrated.unmount();
  });
});
