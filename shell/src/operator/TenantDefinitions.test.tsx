import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  LANGUAGES,
  conversionEndpoints,
  teaserEndpoints,
  type IncentiveDefinition,
  type StoredIncentive,
  type StoredTeaser,
  type TeaserDefinition,
} from '@velvet/contracts';
import type { RestHandler } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { useShell } from '../layout/ShellContext';
import { IncentivesPanel } from './IncentivesPanel';
import { useOperatorStrings } from './strings';
import { TeasersPanel } from './TeasersPanel';

const LANGUAGE_NAMES = { de: 'German', en: 'English', nl: 'Dutch', es: 'Spanish' } as const;

function WithStrings({ panel }: { panel: 'incentives' | 'teasers' }) {
  useOperatorStrings(useShell().i18n);
  return panel === 'incentives' ? <IncentivesPanel tenantIds={['amora']} /> : <TeasersPanel tenantIds={['amora']} />;
}

/**
 * One tenant's definitions on the server: its list and delete paths answer as the server does, and a create (the
 * list's path with a body) stores what it is sent with the next id.
 */
function definitions<Definition, Item extends { id: number }>(
  list: { path: string },
  remove: { path: string },
  existing: Item[],
) {
  let items = existing;
  const created: Definition[] = [];
  const rest: Record<string, RestHandler> = {
    [list.path]: ({ body }) => {
      if (!body) return { data: items };
      created.push(body as Definition);
      const item = {
        ...(body as object),
        id: items.length + 10,
        createdAt: '2026-12-07T10:00:00.000Z',
      } as unknown as Item;
      items = [...items, item];
      return { data: item };
    },
    [remove.path]: ({ params }) => {
      items = items.filter((item) => String(item.id) !== String(Object.values(params ?? {})[0]));
      return { data: { deleted: true } };
    },
  };
  return { rest, created };
}

const texts = <F extends string>(fields: Record<F, string>) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, fields])) as Record<
    (typeof LANGUAGES)[number],
    Record<F, string>
  >;

function fillTexts(fields: Record<string, string>) {
  for (const language of LANGUAGES) {
    const fieldset = screen.getByRole('group', { name: LANGUAGE_NAMES[language] });
    for (const [label, value] of Object.entries(fields))
      fireEvent.change(within(fieldset).getByLabelText(label), { target: { value: `${value} (${language})` } });
  }
}

const incentive: StoredIncentive = {
  id: 1,
  tenantId: 'amora',
  region: 'inPage',
  type: 'balanceRefillCoupon',
  event: 'pageLoad',
  routeName: 'newGirls',
  audience: 'everyone',
  priority: 10,
  countdownMinutes: null,
  uniqueGroup: 'welcome',
  actionRoute: null,
  texts: texts({ title: 'Welcome', text: 'Coins for you', action: 'Top up' }),
  createdAt: '2026-12-01T08:00:00.000Z',
};

const teaser: StoredTeaser = {
  id: 1,
  tenantId: 'amora',
  routeName: 'videos',
  routeArgs: {},
  position: 20,
  actionRoute: 'vipClub',
  startsAt: '2026-12-01T08:00:00.000Z',
  endsAt: null,
  texts: texts({ headline: 'VIP', text: 'Join the club', action: 'Join' }),
  createdAt: '2026-12-01T08:00:00.000Z',
};

describe('operator console: a tenant’s definitions', () => {
  it('lists the incentives, adds one with its texts in every language and deletes one', async () => {
    const server = definitions<IncentiveDefinition, StoredIncentive>(
      conversionEndpoints.operatorList,
      conversionEndpoints.operatorDelete,
      [incentive],
    );
    renderInShell(<WithStrings panel="incentives" />, {
      platform: { loggedIn: true, guest: { flags: { operator: true } }, rest: server.rest },
    });
    const panel = await screen.findByTestId('operator-incentives');
    expect(await within(panel).findByText('pageLoad (newGirls)')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'night-owls' } });
    fireEvent.change(screen.getByLabelText('Countdown in minutes (empty: none)'), { target: { value: '30' } });
    fillTexts({ Title: 'Night offer', Text: 'Double coins', Button: 'Get them' });
    fireEvent.click(screen.getByRole('button', { name: 'Add incentive' }));

    expect(await within(panel).findByText('Night offer (en)')).toBeInTheDocument();
    expect(server.created).toEqual([
      expect.objectContaining({
        tenantId: 'amora',
        uniqueGroup: 'night-owls',
        countdownMinutes: 30,
        routeName: null,
        actionRoute: null,
        texts: expect.objectContaining({
          de: { title: 'Night offer (de)', text: 'Double coins (de)', action: 'Get them (de)' },
        }),
      }),
    ]);
    // The form is empty again for the next one.
    expect(screen.getByLabelText('Group')).toHaveValue('');

    fireEvent.click(within(screen.getByText('welcome').closest('tr')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByText('welcome')).not.toBeInTheDocument());
    expect(within(panel).getByText('night-owls')).toBeInTheDocument();
  });

  it('refuses route arguments that are not name=value lines, then adds the teaser in the order of its position', async () => {
    const server = definitions<TeaserDefinition, StoredTeaser>(
      teaserEndpoints.operatorList,
      teaserEndpoints.operatorDelete,
      [teaser],
    );
    renderInShell(<WithStrings panel="teasers" />, {
      platform: { loggedIn: true, guest: { flags: { operator: true } }, rest: server.rest },
    });
    const panel = await screen.findByTestId('operator-teasers');
    await within(panel).findByText('VIP');

    fireEvent.change(screen.getByLabelText('Route of the page (empty: every page)'), {
      target: { value: 'actorProfile' },
    });
    fireEvent.change(screen.getByLabelText('Route arguments (name=value, one per line; empty: any)'), {
      target: { value: 'lena' },
    });
    fireEvent.change(screen.getByLabelText('Position (lower first)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Page the button opens'), { target: { value: 'actorLiveShow' } });
    fireEvent.change(screen.getByLabelText('Shown from'), { target: { value: '2026-12-07T10:00' } });
    fillTexts({ Headline: 'Lena live', Text: 'Tonight at ten', Button: 'Watch' });
    fireEvent.click(screen.getByRole('button', { name: 'Add teaser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Write each route argument as name=value on a line of its own.',
    );
    expect(server.created).toEqual([]);

    fireEvent.change(screen.getByLabelText('Route arguments (name=value, one per line; empty: any)'), {
      target: { value: 'performerName=lena' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add teaser' }));
    expect(await within(panel).findByText('actorProfile performerName=lena')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.created).toEqual([
      expect.objectContaining({
        routeName: 'actorProfile',
        routeArgs: { performerName: 'lena' },
        position: 5,
        endsAt: null,
      }),
    ]);
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['5', '20']);
  });
});
