import { act, fireEvent, screen } from '@testing-library/react';
import { claimCoinLoyaltyBonusMutation, coinLoyaltyQuery, type CoinLoyalty } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { CoinLoyaltyPage } from './CoinLoyaltyPage';

const lastMonth: CoinLoyalty = {
  month: '2026-10',
  spentCoins: 620,
  percent: 7,
  bonusCoins: 43,
  claimed: false,
  claimable: true,
  claimableUntil: '2026-11-30T22:59:59.000Z',
};

describe('the coin loyalty bonus page', () => {
  it('shows a visitor the tiers and asks her to log in, without asking for a guest’s figures', async () => {
    const platform = createMockPlatform({
      query: () => {
        throw new Error('a visitor has no coin loyalty');
      },
    });
    renderWithPlatform(<CoinLoyaltyPage />, { platform, remote: 'mf-specials', locales });
    expect(screen.getByRole('heading', { level: 1, name: 'Gold rush: your coin loyalty bonus' })).toBeInTheDocument();
    expect(screen.getByText('From 500 coins spent: 7% back')).toBeInTheDocument();
    expect(screen.getByText('Log in to see your spending and claim your bonus.')).toBeInTheDocument();
  });

  it('shows the guest last month’s spending and claims her bonus once, in German', async () => {
    const operations: unknown[] = [];
    const platform = createMockPlatform({
      loggedIn: true,
      language: 'de',
      query: (operation) => {
        operations.push(operation);
        if (operation === claimCoinLoyaltyBonusMutation) {
          return { claimCoinLoyaltyBonus: { ...lastMonth, claimed: true, claimable: false } };
        }
        expect(operation).toBe(coinLoyaltyQuery);
        return { coinLoyalty: lastMonth };
      },
    });
    renderWithPlatform(<CoinLoyaltyPage />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Im Oktober 2026 hast du 620 Coins ausgegeben.')).toBeInTheDocument();
    expect(screen.getByText('Deine Stufe: 7 % – das sind 43 Coins.')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '43 Coins abholen' }));
    });
    expect(await screen.findByText('Du hast diesen Bonus abgeholt.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '43 Coins abholen' })).not.toBeInTheDocument();
    expect(operations.filter((operation) => operation === claimCoinLoyaltyBonusMutation)).toHaveLength(1);
    expect(platform.toasts).toContainEqual({ message: 'Die Coins sind in deinem Guthaben.', kind: 'success' });
  });
});
