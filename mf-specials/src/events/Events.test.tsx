import { fireEvent, screen } from '@testing-library/react';
import { specialsEndpoints, type MagazinePage, type SpecialEvent } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform, restCallsTo } from '@velvet/testing';
import { locales } from '../locales';
import { SpecialsApp } from '../SpecialsApp';

const event = (id: number, slug: string, overrides: Partial<SpecialEvent> = {}): SpecialEvent => ({
  id,
  slug,
  gameType: 'slotmachine',
  name: `Event ${slug}`,
  description: `About ${slug}`,
  imageUrl: `/media/specials/events/${slug}.webp`,
  startDate: '2026-11-19T10:00:00.000Z',
  endDate: '2026-12-02T10:00:00.000Z',
  hasStarted: true,
  hasEnded: false,
  dailyAttempts: 3,
  ...overrides,
});
const page = (id: number, slug: string, linked: SpecialEvent | null = null): MagazinePage => ({
  id,
  slug,
  title: `Page ${slug}`,
  teaser: `Teaser ${slug}`,
  body: [`Body of ${slug}`],
  imageUrl: `/media/specials/magazines/${slug}.webp`,
  imageWidth: 960,
  imageHeight: 400,
  event: linked,
});

const query = () => ({ gameConfig: null });
const rest = {
  '/special/get/events': () => ({
    events: [
      event(31, 'slot-machine'),
      event(22, 'wiesn-shooting', { hasEnded: true, endDate: '2026-10-05T10:00:00.000Z' }),
    ],
  }),
  '/special/magazines/:page': (input: unknown) => {
    const slug = (input as { params: { page: string } }).params.page;
    return page(1, slug, slug === 'shooting-gallery' ? event(22, 'wiesn-shooting', { hasEnded: true }) : null);
  },
  '/special/magazines/random/:excludeId': () => page(2, 'high-on-rose'),
};

describe('special events and promo pages', () => {
  it('shows a running special event with its dates and the other events', async () => {
    const platform = createMockPlatform({
      route: { name: 'specialEvent', args: { eventSlug: 'slot-machine' } },
      rest,
      query,
    });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event slot-machine' })).toBeInTheDocument();
    expect(screen.getByText('3 attempts a day')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The reels' })).toBeInTheDocument();
    expect(screen.queryByText(/soon/)).not.toBeInTheDocument();
    const other = screen.getByRole('link', { name: /Event wiesn-shooting/ });
    expect(other).toHaveAttribute('href', '/en/events/wiesn-shooting/');
    fireEvent.click(other);
    expect(platform.navigations).toEqual([{ name: 'specialEvent', args: { eventSlug: 'wiesn-shooting' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event wiesn-shooting' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The reels' })).not.toBeInTheDocument();
  });

  it('says not found for an unknown event', async () => {
    const platform = createMockPlatform({ route: { name: 'specialEvent', args: { eventSlug: 'nope' } }, rest });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('shows a promo page with the event it promotes and another page to read', async () => {
    const platform = createMockPlatform({
      language: 'de',
      route: { name: 'magazinePromo', args: { promo: 'shooting-gallery' } },
      rest,
    });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page shooting-gallery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Event wiesn-shooting' })).toHaveAttribute(
      'href',
      '/de/events/wiesn-shooting/',
    );
    expect(await screen.findByRole('link', { name: 'Page high-on-rose' })).toHaveAttribute('href', '/de/high-on-rose/');
  });

  it('leads from the advent and Easter promo pages to their calendars', async () => {
    const advent = createMockPlatform({
      language: 'de',
      route: { name: 'magazinePromo', args: { promo: 'advent-calendar' } },
      rest,
    });
    const first = renderWithPlatform(<SpecialsApp />, { platform: advent, remote: 'mf-specials', locales });
    expect(await screen.findByRole('link', { name: 'Zum Adventskalender' })).toHaveAttribute(
      'href',
      '/de/adventskalender/',
    );
    first.unmount();
    const easter = createMockPlatform({
      language: 'es',
      route: { name: 'magazinePromo', args: { promo: 'easter' } },
      rest,
    });
    renderWithPlatform(<SpecialsApp />, { platform: easter, remote: 'mf-specials', locales });
    expect(await screen.findByRole('link', { name: 'Ir a la búsqueda de huevos de Pascua' })).toHaveAttribute(
      'href',
      '/es/busqueda-de-huevos/',
    );
    expect(screen.queryByRole('link', { name: 'Zum Adventskalender' })).not.toBeInTheDocument();
  });

  it('shows the high-on-rose page on its own route', async () => {
    const platform = createMockPlatform({ route: { name: 'highOnRose' }, rest });
    renderWithPlatform(<SpecialsApp />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page high-on-rose' })).toBeInTheDocument();
    expect(restCallsTo(platform, specialsEndpoints.magazinePage)).toMatchObject([{ params: { page: 'high-on-rose' } }]);
  });
});
