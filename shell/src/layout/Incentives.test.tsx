import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { INCENTIVE_BLOCK_COOKIE, type Incentive } from '@velvet/contracts';
import { renderInShell } from '../testShell';
import { Incentives } from './Incentives';

const incentive = (overrides: Partial<Incentive>): Incentive => ({
  id: 1,
  region: 'exitIntent',
  type: 'exitIntent',
  event: 'pageLoad',
  priority: 10,
  countdownEnds: null,
  uniqueGroup: 'leave',
  title: 'Leaving already?',
  text: 'Your first top-up brings 20 % more coins.',
  action: { label: 'Top up coins', routeName: null },
  ...overrides,
});

afterEach(() => {
  document.cookie = `${INCENTIVE_BLOCK_COOKIE}=; path=/; max-age=0`;
});

/** The shell with the route's incentives answered from `answers` in turn, its session started. */
function renderIncentives(answers: Incentive[][], closes: unknown[] = []) {
  const asked: unknown[] = [];
  const rendered = renderInShell(<Incentives />, {
    language: 'es',
    platform: {
      rest: {
        '/conversion/getPageLoadIncentives': (input) => {
          asked.push(input.body);
          return { data: { incentives: answers[Math.min(asked.length, answers.length) - 1]! } };
        },
        '/conversion/closeIncentive': (input) => {
          closes.push(input.body);
          return { data: { success: true, blockedUntil: '2026-12-25T00:00:00.000Z' } };
        },
      },
    },
  });
  act(() => rendered.shell.session.session$.next(rendered.platform.session.current()));
  return { ...rendered, asked };
}

const leavePage = () =>
  act(() => {
    document.documentElement.dispatchEvent(
      new MouseEvent('mouseout', { clientY: 0, relatedTarget: null, bubbles: true }),
    );
  });

describe('conversion incentives', () => {
  it('shows side boxes at once and the exit intent only when the pointer leaves through the top', async () => {
    const { asked } = renderIncentives([
      [incentive({}), incentive({ id: 2, region: 'sideRight', uniqueGroup: 'refill', title: 'Recarga' })],
    ]);
    await waitFor(() => expect(screen.getByTestId('incentive-sideRight')).toHaveTextContent('Recarga'));
    expect(asked).toEqual([{ routeName: 'home', routeArgs: {} }]);
    expect(screen.queryByTestId('incentive-exitIntent')).toBeNull();
    // Moving within the page is no intent to leave.
    act(() => {
      document.documentElement.dispatchEvent(
        new MouseEvent('mouseout', { clientY: 200, relatedTarget: document.body, bubbles: true }),
      );
    });
    expect(screen.queryByTestId('incentive-exitIntent')).toBeNull();
    leavePage();
    expect(screen.getByRole('dialog', { name: 'Leaving already?' })).toBeInTheDocument();
  });

  it('closing removes it, remembers its group, tells the server and loads the route again', async () => {
    const closes: unknown[] = [];
    const { asked } = renderIncentives(
      [[incentive({})], [incentive({ id: 3, region: 'sideLeft', uniqueGroup: 'later', title: 'Luego' })]],
      closes,
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    leavePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar la oferta' }));
    expect(screen.queryByTestId('incentive-exitIntent')).toBeNull();
    expect(document.cookie).toContain(`${INCENTIVE_BLOCK_COOKIE}=leave`);
    await waitFor(() => expect(screen.getByTestId('incentive-sideLeft')).toHaveTextContent('Luego'));
    expect(closes).toEqual([{ result: 'dismissed', incentive: { id: 1 } }]);
    expect(asked).toHaveLength(2);
  });

  it('leaves out groups the browser blocked, and shows one incentive per region, the first', async () => {
    document.cookie = `${INCENTIVE_BLOCK_COOKIE}=leave; path=/`;
    const { asked } = renderIncentives([
      [
        incentive({}),
        incentive({ id: 4, region: 'overlay', uniqueGroup: 'a', title: 'Primero' }),
        incentive({ id: 5, region: 'overlay', uniqueGroup: 'b', title: 'Segundo' }),
        incentive({ id: 6, region: 'inPage', uniqueGroup: 'c', title: 'En la página' }),
      ],
    ]);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(await screen.findByTestId('incentive-overlay')).toHaveTextContent('Primero');
    leavePage();
    expect(screen.queryByTestId('incentive-exitIntent')).toBeNull();
    expect(screen.queryByText('Segundo')).toBeNull();
    expect(screen.queryByText('En la página')).toBeNull();
  });
});
