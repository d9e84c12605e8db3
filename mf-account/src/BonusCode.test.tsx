import { fireEvent, screen } from '@testing-library/react';
import { codesEndpoints, type GuestBenefits } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture } from '@velvet/testing';
import { AccountApp } from './AccountApp';
import { locales } from './locales';

const benefits = (spins: number): GuestBenefits => ({
  spinwheelSpins: spins,
  messengerGiftCount: 0,
  freeMessagesCount: 0,
  privateShowTickets: 0,
  chatShowTickets: 0,
  bonusCodeCount: 0,
  vouchers: [],
});

function render(language: 'en' | 'de' = 'en') {
  let spins = 0;
  const platform = createMockPlatform({
    loggedIn: true,
    language,
    route: { name: 'myAccountBenefits' },
    rest: {
      '/guest/benefits': () => benefits(spins),
      ...restFixture(codesEndpoints.canRedeem, ({ params }) =>
        params.code === 'VELVET10'
          ? { success: true, reason: null }
          : {
              success: false,
              reason: params.code === 'USED' ? ('CODE_ALREADY_REDEEMED' as const) : ('CODE_NOT_FOUND' as const),
            },
      ),
      ...restFixture(codesEndpoints.bonusCode, ({ params }) => ({
        code: params.code,
        config: {
          containsTopUpBenefit: false,
          validTo: '2027-01-01T00:00:00.000Z',
          conditions: { requireMobileAuth: false, vip: false },
          benefits: [{ type: 'bonus' as const, tiers: [{ from: 0, amount: 10 }] }],
        },
        remainingCount: null,
      })),
      ...restFixture(codesEndpoints.redeemBonus, ({ body, idempotencyKey }) => {
        if (!idempotencyKey) throw new ApiError(400, 'IDEMPOTENCY_KEY_MISSING', 'key required');
        spins += 1;
        return {
          success: true as const,
          bonus: {
            code: body.code,
            granted: [
              { type: 'bonus' as const, amount: 10 },
              { type: 'freeSpins' as const, amount: 1 },
            ],
            onTop: null,
            welcome: true,
          },
        };
      }),
    },
  });
  return renderWithPlatform(<AccountApp />, { platform, remote: 'mf-account', locales });
}

const redeem = (label: string, button: string, code: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: button }));
};

describe('redeeming a code on the benefits page', () => {
  it('checks, reads and redeems the code, shows what it gave and the new benefits', async () => {
    const { platform } = render();
    expect((await screen.findByText('Spinwheel spins')).parentElement).toHaveTextContent('0');
    redeem('Bonus code, promo code or scratch card', 'Redeem', ' VELVET10 ');
    expect(await screen.findByText('Code VELVET10 redeemed. You get:')).toBeInTheDocument();
    expect(screen.getByText('Bonus coins: 10')).toBeInTheDocument();
    expect(screen.getByText('Spinwheel spins: 1')).toBeInTheDocument();
    expect(await screen.findByText((_, element) => element?.textContent === 'Spinwheel spins1')).toBeInTheDocument();
    expect(restCallsTo(platform, codesEndpoints.canRedeem)).toEqual([
      expect.objectContaining({ params: { code: 'VELVET10' } }),
    ]);
    expect(restCallsTo(platform, codesEndpoints.bonusCode)).toHaveLength(1);
    expect(restCallsTo(platform, codesEndpoints.redeemBonus)).toEqual([
      expect.objectContaining({ body: { code: 'VELVET10' }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    ]);
  });

  it('names the refusal and redeems nothing; an empty code is not sent', async () => {
    const { platform } = render('de');
    redeem('Bonuscode, Promocode oder Rubbellos', 'Einlösen', '   ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte gib einen Code ein.');
    expect(restCallsTo(platform, codesEndpoints.canRedeem)).toEqual([]);
    redeem('Bonuscode, Promocode oder Rubbellos', 'Einlösen', 'WRONG');
    expect(await screen.findByText('Diesen Code gibt es nicht. Bitte prüfe deine Eingabe.')).toBeInTheDocument();
    redeem('Bonuscode, Promocode oder Rubbellos', 'Einlösen', 'USED');
    expect(await screen.findByText('Du hast diesen Code bereits eingelöst.')).toBeInTheDocument();
    expect(restCallsTo(platform, codesEndpoints.redeemBonus)).toEqual([]);
  });
});
