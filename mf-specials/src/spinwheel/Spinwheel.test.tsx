import { fireEvent, screen } from '@testing-library/react';
import { spinwheelQuery } from '@velvet/contracts';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { spinwheelFixture } from '../fixtures';
import { locales } from '../locales';
import { SpinwheelWidget } from './SpinwheelWidget';

describe('spinwheel widget', () => {
  it("shows the wheel and the guest's spins, and that spinning comes later", async () => {
    const platform = createMockPlatform({
      loggedIn: true,
      query: (operation, variables) => {
        expect(operation).toBe(spinwheelQuery);
        expect(variables).toEqual({ type: 'default', language: 'en' });
        return { spinwheel: spinwheelFixture({ points: 40, spins: 3 }) };
      },
    });
    renderWithPlatform(<SpinwheelWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByRole('img', { name: 'The spinwheel' })).toBeInTheDocument();
    expect(screen.getByText('50 bonus coins')).toBeInTheDocument();
    expect(screen.getByText('You have 3 spins.')).toBeInTheDocument();
    expect(screen.getByText('40 loyalty points')).toBeInTheDocument();
    expect(screen.getByText('100 points: 1 × free spins')).toBeInTheDocument();
    expect(screen.getByText('Spinning the wheel comes soon.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /spin/i })).not.toBeInTheDocument();
  });

  it('shows a visitor the wheel and a login prompt instead of spins, in Spanish', async () => {
    const platform = createMockPlatform({ language: 'es', query: () => ({ spinwheel: spinwheelFixture(null) }) });
    renderWithPlatform(<SpinwheelWidget />, { platform, remote: 'mf-specials', locales });
    expect(await screen.findByText('Inicia sesión para ver tus giros.')).toBeInTheDocument();
    expect(screen.getByText('Pronto podrás girar la ruleta.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(platform.openedFlows).toEqual(['login']);
  });
});
