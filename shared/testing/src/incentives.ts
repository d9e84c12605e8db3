import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { conversionEndpoints, type Incentive, type RouteName } from '@velvet/contracts';
import { restCallsTo, restFixture, type MockPlatform, type RestHandler } from './mockPlatform';

/** The title of the inPage incentive `inPageIncentiveFixture` answers for a route's page load. */
export const inPageIncentiveTitle = (routeName: string) => `An offer on ${routeName}`;

/**
 * `rest` entries for the page's incentives as the server answers them: the route's page load has an inPage incentive
 * titled after the route and an overlay one (a region of the shell, which no remote shows) until the guest closed
 * one of them, and the close is taken.
 */
export function inPageIncentiveFixture(): Record<string, RestHandler> {
  let closed = false;
  return {
    ...restFixture(conversionEndpoints.pageLoad, ({ body }) => {
      const offer: Incentive = {
        id: 8,
        type: 'balanceRefillCoupon',
        region: 'inPage',
        event: 'pageLoad',
        uniqueGroup: `offer-${body.routeName}`,
        priority: 1,
        title: inPageIncentiveTitle(body.routeName),
        text: 'Top up today and get more.',
        countdownEnds: null,
        action: { label: 'Top up', routeName: null },
      };
      return { data: { incentives: closed ? [] : [offer, { ...offer, id: 9, region: 'overlay' as const }] } };
    }),
    ...restFixture(conversionEndpoints.close, () => {
      closed = true;
      return { data: { success: true, blockedUntil: '2026-12-31T00:00:00.000Z' } };
    }),
  };
}

/**
 * The rendered remote shows the inPage incentive of `inPageIncentiveFixture` for the page of `routeName`, once and
 * alone of the route's incentives; its close button takes it away at once, sends the close and loads the region
 * again, which answers none.
 */
export async function expectClosableInPageIncentive(platform: MockPlatform, routeName: RouteName): Promise<void> {
  const box = await screen.findByRole('region', { name: inPageIncentiveTitle(routeName) });
  expect(box).toHaveTextContent('Top up today and get more.');
  expect(restCallsTo(platform, conversionEndpoints.pageLoad)[0]?.body).toMatchObject({ routeName });
  expect(screen.getAllByTestId('incentive-inPage')).toHaveLength(1);
  fireEvent.click(within(box).getByRole('button', { name: 'Close the offer' }));
  expect(screen.queryByTestId('incentive-inPage')).toBeNull();
  await waitFor(() => expect(restCallsTo(platform, conversionEndpoints.pageLoad)).toHaveLength(2));
  expect(restCallsTo(platform, conversionEndpoints.close)).toEqual([
    { body: { result: 'dismissed', incentive: { id: 8 } } },
  ]);
  expect(screen.queryByTestId('incentive-inPage')).toBeNull();
}
