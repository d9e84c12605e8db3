import { fireEvent, screen } from '@testing-library/react';
import { claimActorGiftCalendarRewardMutation, eventsEndpoints, type PerformerGiftCalendar } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { GiftCalendarPage } from './GiftCalendarPage';

const calendar = (opened: boolean): PerformerGiftCalendar => ({
  actorId: 7,
  actorName: 'Anna',
  link: 'anna',
  today: '2026-11-25',
  days: [
    { date: '2026-11-24', state: 'missed', reward: null },
    opened
      ? { date: '2026-11-25', state: 'opened', reward: { type: 'freeSpins', value: 2, title: null } }
      : { date: '2026-11-25', state: 'open', reward: null },
    { date: '2026-11-26', state: 'locked', reward: null },
  ],
});

describe('the gift calendar page', () => {
  it("opens today's gift of a performer and shows what it gave, in German", async () => {
    let opened = false;
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      rest: { [eventsEndpoints.giftCalendars.path]: () => ({ calendars: [calendar(opened)] }) },
      query: (operation, variables) => {
        expect(operation).toBe(claimActorGiftCalendarRewardMutation);
        expect(variables).toEqual({ actorId: 7, qmday: '2026-11-25' });
        opened = true;
        return { claimActorGiftCalendarReward: calendar(true).days[1] };
      },
    });
    renderWithPlatform(<GiftCalendarPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Geschenkkalender von Anna' })).toBeInTheDocument();
    expect(screen.getByText('Verpasst')).toBeInTheDocument();
    expect(screen.getByText('Öffnet am Donnerstag, 26. November')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Heutiges Geschenk von Anna öffnen' }));
    expect(await screen.findByTestId('gift-calendar-result')).toHaveTextContent('Das Geschenk von Anna: 2 Freidrehs!');
    expect(await screen.findByText('2 Freidrehs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Heutiges Geschenk von Anna öffnen' })).not.toBeInTheDocument();
  });

  it('says why a gift does not open', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      rest: { [eventsEndpoints.giftCalendars.path]: () => ({ calendars: [calendar(false)] }) },
      query: () => {
        throw new ApiError(409, 'DOOR_CLOSED', 'passed');
      },
    });
    renderWithPlatform(<GiftCalendarPage />, { platform, remote: 'mf-specials', locales });
    fireEvent.click(await screen.findByRole('button', { name: 'Open today’s gift of Anna' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The day of this door has passed.');
  });

  it('shows a visitor the calendars without a gift to open', async () => {
    const platform = createMockPlatform({
      rest: { [eventsEndpoints.giftCalendars.path]: () => ({ calendars: [calendar(false)] }) },
    });
    renderWithPlatform(<GiftCalendarPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Open today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Open today’s gift/ })).not.toBeInTheDocument();
    expect(screen.getByText('Log in to open the gifts.')).toBeInTheDocument();
  });
});
