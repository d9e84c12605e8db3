import { fireEvent, screen } from '@testing-library/react';
import {
  accountEndpoints,
  PRIZE_BONUS_CODE,
  type GuestBenefits,
  type Voucher,
  type VoucherUse,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { ScratchCardPage } from './ScratchCardPage';

const card: Voucher = {
  id: 41,
  guestId: 'guest-1',
  type: 9,
  amount: 1,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-01T00:00:00.000Z',
  actors: [],
  code: PRIZE_BONUS_CODE,
};
const benefits = (cards: Voucher[], freeMessages = 0): GuestBenefits => ({
  spinwheelSpins: 0,
  messengerGiftCount: 0,
  freeMessagesCount: freeMessages,
  privateShowTickets: 0,
  chatShowTickets: 0,
  bonusCodeCount: cards.reduce((sum, voucher) => sum + voucher.amount, 0),
  vouchers: cards,
});

// jsdom draws no canvas: the cover is there without its paint, and the reveal button shows the card.
beforeEach(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('the scratch card page', () => {
  it('hides the code until revealed, then redeems the card and shows the prize, in Spanish', async () => {
    const uses: unknown[] = [];
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'es',
      rest: {
        [accountEndpoints.benefits.path]: () => benefits([card]),
        [accountEndpoints.useVoucher.path]: (input: unknown): VoucherUse => {
          uses.push(input);
          return {
            voucherId: 41,
            type: 9,
            used: 1,
            mediaId: null,
            bonus: {
              code: PRIZE_BONUS_CODE,
              granted: [
                { type: 'bonus', amount: 15 },
                { type: 'freeMessages', amount: 5 },
              ],
              onTop: null,
              welcome: false,
            },
            benefits: benefits([], 5),
          };
        },
      },
    });
    renderWithPlatform(<ScratchCardPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Tienes 1 tarjeta para rascar.')).toBeInTheDocument();
    expect(screen.queryByTestId('scratch-card-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Canjear la tarjeta' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Descubrir la tarjeta sin rascar' }));
    expect(screen.getByTestId('scratch-card-code')).toHaveTextContent(PRIZE_BONUS_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Canjear la tarjeta' }));
    const result = await screen.findByTestId('scratch-card-result');
    expect(result).toHaveTextContent('15 monedas de bono');
    expect(result).toHaveTextContent('5 mensajes gratis');
    expect(uses).toEqual([expect.objectContaining({ params: { voucherId: 41 }, body: {} })]);
    expect(
      await screen.findByText(
        'Ahora no tienes ninguna tarjeta. Los juegos, las puertas de adviento y los códigos de bonificación te dan tarjetas.',
      ),
    ).toBeInTheDocument();
  });

  it('says why a card cannot be redeemed and keeps it', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      rest: {
        [accountEndpoints.benefits.path]: () => benefits([card]),
        [accountEndpoints.useVoucher.path]: () => {
          throw new ApiError(409, 'VOUCHER_USED_UP', 'used up');
        },
      },
    });
    renderWithPlatform(<ScratchCardPage />, { platform, remote: 'mf-specials', locales });
    fireEvent.click(await screen.findByRole('button', { name: 'Los ohne Rubbeln aufdecken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Los einlösen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Los wurde schon eingelöst.');
    expect(screen.getByTestId('scratch-card-code')).toBeInTheDocument();
  });

  it('asks a visitor to log in', () => {
    const platform = createMockPlatform({
      rest: {
        [accountEndpoints.benefits.path]: () => {
          throw new Error('a visitor has no cards');
        },
      },
    });
    renderWithPlatform(<ScratchCardPage />, { platform, remote: 'mf-specials', locales });
    expect(screen.getByText('Log in to scratch your cards.')).toBeInTheDocument();
  });
});
