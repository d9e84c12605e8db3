import { fireEvent, screen, within } from '@testing-library/react';
import { codesEndpoints, type CodeCampaign } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { restCallsTo, restFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { ChangesProvider } from './data';
import { CodesPanel, parseTiers } from './CodesPanel';
import { useOperatorStrings } from './strings';
import { useShell } from '../layout/ShellContext';

function WithStrings() {
  useOperatorStrings(useShell().i18n);
  return (
    <ChangesProvider>
      <CodesPanel />
    </ChangesProvider>
  );
}

function render(language: 'en' | 'de' = 'en') {
  const campaigns: CodeCampaign[] = [];
  const codes = new Set<string>(['TAKEN']);
  return renderInShell(<WithStrings />, {
    language,
    platform: {
      loggedIn: true,
      guest: { flags: { operator: true } },
      rest: {
        ...restFixture(codesEndpoints.campaigns, () => ({ campaigns: [...campaigns] })),
        ...restFixture(codesEndpoints.createCampaign, ({ body }) => {
          const campaign = { ...body, id: campaigns.length + 1, codes: 0, redemptions: 0, createdAt: body.validFrom };
          campaigns.unshift(campaign);
          return campaign;
        }),
        ...restFixture(codesEndpoints.createCodes, ({ params, body }) => {
          if ('count' in body) throw new ApiError(400, 'VALIDATION_FAILED', 'send a code');
          if (codes.has(body.code)) throw new ApiError(409, 'CODE_EXISTS', 'taken');
          codes.add(body.code);
          campaigns.find((c) => c.id === params.campaignId)!.codes += 1;
          return { codes: [{ code: body.code, remainingCount: body.redemptions }] };
        }),
      },
    },
  });
}

describe('codes in the operator console', () => {
  it('reads staggered tiers as from:amount pairs', () => {
    expect(parseTiers('40:10, 200:60')).toEqual([
      { from: 40, amount: 10 },
      { from: 200, amount: 60 },
    ]);
    expect(parseTiers('10')).toBeNull();
    expect(parseTiers('')).toBeNull();
  });

  it('creates a promo campaign with tiers and conditions, then its code', async () => {
    const { platform } = render();
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New campaign' });
    fireEvent.change(within(form).getByLabelText('Campaign'), { target: { value: 'Autumn promo' } });
    fireEvent.change(within(form).getByLabelText('Benefit'), { target: { value: 'ontop' } });
    fireEvent.change(within(form).getByLabelText('Tiers (from:amount)'), { target: { value: '40:10, 200:60' } });
    fireEvent.click(within(form).getByLabelText('VIP only'));
    fireEvent.change(within(form).getByLabelText('Valid from'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(within(form).getByLabelText('Valid until'), { target: { value: '2026-12-31T23:59' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign Autumn promo created.')).toBeInTheDocument();
    expect(restCallsTo(platform, codesEndpoints.createCampaign)).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          name: 'Autumn promo',
          kind: 'bonusCode',
          benefits: [
            {
              type: 'ontop',
              tiers: [
                { from: 40, amount: 10 },
                { from: 200, amount: 60 },
              ],
            },
          ],
          conditions: { requireMobileAuth: false, vip: true },
        }),
      }),
    ]);
    const row = (await screen.findByText('Autumn promo')).closest('tr')!;
    expect(row).toHaveTextContent('VIP only');
    expect(row).toHaveTextContent('0 / 0');
    const codes = within(row).getByRole('form', { name: 'New codes for Autumn promo' });
    fireEvent.change(within(codes).getByLabelText('Code'), { target: { value: 'TAKEN' } });
    fireEvent.click(within(codes).getByRole('button', { name: 'Add' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('A campaign already has this code.');
    fireEvent.change(within(codes).getByLabelText('Code'), { target: { value: 'AUTUMN25' } });
    fireEvent.change(within(codes).getByLabelText('Redemptions (empty: unlimited)'), { target: { value: '100' } });
    fireEvent.click(within(codes).getByRole('button', { name: 'Add' }));
    expect(await within(row).findByText('AUTUMN25')).toBeInTheDocument();
    expect(restCallsTo(platform, codesEndpoints.createCodes).at(-1)).toEqual(
      expect.objectContaining({ params: { campaignId: 1 }, body: { code: 'AUTUMN25', redemptions: 100 } }),
    );
    expect(await within(screen.getByText('Autumn promo').closest('tr')!).findByText('1 / 0')).toBeInTheDocument();
    // A long walk through two forms on a shared, busy machine.
  }, 30_000);

  it('refuses unreadable tiers before asking the server, in German', async () => {
    const { platform } = render('de');
    const form = await screen.findByRole('form', { name: 'Neue Kampagne' });
    fireEvent.change(within(form).getByLabelText('Kampagne'), { target: { value: 'Herbst' } });
    fireEvent.change(within(form).getByLabelText('Stufen (ab:Menge)'), { target: { value: 'zehn' } });
    fireEvent.change(within(form).getByLabelText('Gültig ab'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(within(form).getByLabelText('Gültig bis'), { target: { value: '2026-12-31T23:59' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kampagne anlegen' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Stufen sind Paare ab:Menge');
    expect(restCallsTo(platform, codesEndpoints.createCampaign)).toEqual([]);
  });
});
