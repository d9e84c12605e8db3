import { act, fireEvent, screen } from '@testing-library/react';
import { redeemLoyaltyRewardMutation, spinMutation, spinwheelQuery } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { spinwheelFixture } from '../fixtures';
import { locales } from '../locales';
import { SpinwheelWidget } from './SpinwheelWidget';

describe('spinwheel widget', () => {
  it("shows the wheel and the guest's spins, spins it and shows the server's prize", async () => {
    let spins = 3;
    const platform = createMockPlatform({
      loggedIn: true,
      query: (operation, variables) => {
        if (operation === spinMutation) {
          expect(variables).toEqual({ type: 'default', language: 'en' });
          spins -= 1;
          return {
            spin: { segmentId: 2, rewardType: 'bonus', value: 50, label: '50 bonus coins', spins, points: 40 },
          };
        }
        expect(operation).toBe(spinwheelQuery);
        expect(variables).toEqual({ type: 'default', language: 'en' });
        return { spinwheel: spinwheelFixture({ points: 40, spins }) };
      },
    });
    renderWithPlatform(<SpinwheelWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('img', { name: 'The spinwheel' })).toBeInTheDocument();
    expect(screen.getAllByText('50 bonus coins')).toHaveLength(1);
    expect(screen.getByText('You have 3 spins.')).toBeInTheDocument();
    expect(screen.getByText('40 loyalty points')).toBeInTheDocument();
    expect(screen.getByText('100 points: 1 × free spins')).toBeInTheDocument();
    expect(screen.queryByText(/soon/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You won: 50 bonus coins');
    expect(await screen.findByText('You have 2 spins.')).toBeInTheDocument();
    act(() => platform.emit({ type: 'loyaltyPointsChanged', points: 60, spins: 1 }));
    expect(await screen.findByText('You have 1 spin.')).toBeInTheDocument();
    expect(screen.getByText('60 loyalty points')).toBeInTheDocument();
  });

  it('offers no spin without spins and tells when a reward cannot be redeemed', async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      query: (operation, variables) => {
        if (operation === redeemLoyaltyRewardMutation) {
          expect(variables).toEqual({ id: 1, language: 'de' });
          throw new ApiError(409, 'REWARD_NOT_REDEEMABLE', 'Redeemed already');
        }
        const wheel = spinwheelFixture({ points: 120, spins: 0 });
        return { spinwheel: { ...wheel, monthlyRewards: [{ ...wheel.monthlyRewards[0]!, isRedeemable: true }] } };
      },
    });
    renderWithPlatform(<SpinwheelWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('button', { name: 'Glücksrad drehen' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das hat nicht geklappt.');
  });

  it('shows a visitor the wheel and a login prompt instead of spins, in Spanish', async () => {
    const platform = createMockPlatform({ language: 'es', query: () => ({ spinwheel: spinwheelFixture(null) }) });
    renderWithPlatform(<SpinwheelWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Inicia sesión para ver tus giros.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Girar la ruleta' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(platform.openedFlows).toEqual(['login']);
  });
});
