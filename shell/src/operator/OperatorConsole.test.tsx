import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  loggerEndpoints,
  authEndpoints,
  pushEndpoints,
  outboxEndpoints,
  registryEndpoints,
  telemetryEndpoints,
  type DeploymentLogEntry,
  type RemoteHealth,
  type TenantDetails,
  type TenantRemote,
} from '@velvet/contracts';
import { ApiError, type RestCall } from '@velvet/sdk';
import { guestFixture, restCallsTo, restFixture, type MockPlatformOptions } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { Navbar } from '../layout/Navbar';
import OperatorConsole from './OperatorConsole';
import { OperatorConsolePage } from '.';

const AT = '2026-11-22T08:00:00.000Z';

const remote = (name: TenantRemote['remote'], version: string, more: Partial<TenantRemote> = {}): TenantRemote => ({
  remote: name,
  version,
  canaryVersion: null,
  canaryPercent: 0,
  history: [],
  updatedAt: AT,
  updatedBy: 'startup',
  ...more,
});

const tenantFixture = (id: string, brand: string, more: Partial<TenantDetails> = {}): TenantDetails => ({
  id,
  brand,
  logoUrl: `/media/${id}.png`,
  hosts: [`${id}.localhost`],
  languages: ['es', 'en'],
  theme: {},
  features: { feed: true, tv: true, specials: false },
  footerLinks: [],
  remotes: [remote('mf-feed', '0.1.0'), remote('mf-tv', '0.2.0', { history: ['0.1.0'] })],
  ...more,
});

const entry = (id: number, more: Partial<DeploymentLogEntry>): DeploymentLogEntry => ({
  id,
  at: AT,
  actor: 'operator@velvet.test',
  action: 'pin',
  tenant: 'amora',
  remote: 'mf-tv',
  version: '0.2.0',
  previousVersion: '0.1.0',
  detail: null,
  ...more,
});

const healthRow = (more: Partial<RemoteHealth>): RemoteHealth => ({
  tenant: 'amora',
  remote: 'mf-tv',
  version: '0.2.0',
  channel: 'pinned',
  loads: 40,
  failures: 0,
  failureShare: 0,
  p50Ms: 120,
  p95Ms: 480,
  lastFailure: null,
  counted: { loads: 0, failures: 0 },
  ...more,
});

/** A registry with one tenant in memory: the console's calls change it as the server would. */
function registry() {
  let amora = tenantFixture('amora', 'Amora');
  const deployments = [
    entry(3, {
      action: 'auto-rollback',
      actor: 'server',
      version: '0.1.0',
      previousVersion: '0.3.0',
      detail: { failures: 9, loads: 12 },
    }),
    entry(2, { action: 'canary', version: '0.3.0', previousVersion: null, detail: { percent: 20 } }),
    entry(1, { action: 'upload', tenant: null, previousVersion: null }),
  ];
  const setRemote = (name: string, change: (row: TenantRemote) => TenantRemote) => {
    amora = { ...amora, remotes: amora.remotes.map((row) => (row.remote === name ? change(row) : row)) };
    return amora.remotes.find((row) => row.remote === name)!;
  };
  const handlers: MockPlatformOptions['rest'] = {
    ...restFixture(registryEndpoints.tenants, () => ({ items: [amora] })),
    ...restFixture(authEndpoints.totpStatus, () => ({ enabled: false })),
    ...restFixture(registryEndpoints.features, ({ body }) => {
      const features = { ...amora.features };
      for (const key of body?.on ?? []) features[key] = true;
      for (const key of body?.off ?? []) features[key] = false;
      amora = { ...amora, features };
      return amora;
    }),
    ...restFixture(registryEndpoints.versions, () => ({
      items: [
        { version: '0.3.0', deployedAt: AT, deployedBy: 'operator@velvet.test' },
        { version: '0.2.0', deployedAt: AT, deployedBy: 'startup' },
        { version: '0.1.0', deployedAt: AT, deployedBy: 'startup' },
      ],
      total: 3,
      page: 1,
      pageSize: 100,
    })),
    ...restFixture(registryEndpoints.pin, ({ params, body }) =>
      setRemote(params.remote, (row) => ({ ...row, version: body.version, history: [...row.history, row.version] })),
    ),
    ...restFixture(registryEndpoints.canary, ({ params, body }) =>
      setRemote(params.remote, (row) => ({ ...row, canaryVersion: body.version, canaryPercent: body.percent })),
    ),
    ...restFixture(registryEndpoints.promote, () => {
      throw new ApiError(409, 'NO_CANARY', 'Tenant amora has no canary of mf-tv');
    }),
    ...restFixture(registryEndpoints.rollback, ({ params }) =>
      setRemote(params.remote, (row) =>
        row.canaryVersion
          ? { ...row, canaryVersion: null, canaryPercent: 0 }
          : { ...row, version: row.history.at(-1)!, history: row.history.slice(0, -1) },
      ),
    ),
    ...restFixture(registryEndpoints.deployments, ({ query }) => ({
      items: deployments.slice(0, query?.pageSize ?? 30),
      total: 45,
      page: query?.page ?? 1,
      pageSize: query?.pageSize ?? 30,
    })),
    ...restFixture(outboxEndpoints.sendNewsletter, ({ params }) => ({ typeId: params.typeId, queued: 3 })),
    ...restFixture(outboxEndpoints.list, () => ({
      items: [
        {
          id: 2,
          to: 'anna@example.com',
          template: 'passwordReset',
          language: 'de',
          subject: 'Dein neues Passwort für Velvet',
          text: 'Hallo Anna,\n\nNeues Passwort wählen: http://localhost:8080/de/passwort/neu/abc/',
          state: 'kept' as const,
          attempts: 0,
          lastError: null,
          created: AT,
          sentAt: AT,
        },
        {
          id: 1,
          to: 'bob@example.com',
          template: 'verifyEmail',
          language: 'en',
          subject: 'Please confirm your e-mail address',
          text: '',
          state: 'failed' as const,
          attempts: 8,
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
          created: AT,
          sentAt: null,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
      transport: 'outbox' as const,
    })),
    ...restFixture(registryEndpoints.processes, () => ({
      items: [
        { instance: 'w1', startedAt: AT, seenAt: AT, sockets: 1200, state: 'ok' as const },
        { instance: 'w2', startedAt: AT, seenAt: AT, sockets: 3, state: 'draining' as const },
        { instance: 'w3', startedAt: AT, seenAt: AT, sockets: 0, state: 'silent' as const },
      ],
    })),
    ...restFixture(telemetryEndpoints.health, () => ({
      items: [
        healthRow({}),
        healthRow({
          version: '0.3.0',
          channel: 'canary',
          loads: 12,
          failures: 9,
          failureShare: 0.75,
          lastFailure: { at: AT, stage: 'entry', error: 'remoteEntry.js answered 500' },
          counted: { loads: 10, failures: 3 },
        }),
        // Forged reports alone: a high share, but nothing that can end the canary.
        healthRow({
          tenant: 'velvet',
          version: '0.3.0',
          channel: 'canary',
          loads: 50,
          failures: 50,
          failureShare: 1,
          counted: { loads: 4, failures: 0 },
        }),
      ],
    })),
    // The health over time: no loads of the charted remote in the period.
    ...restFixture(telemetryEndpoints.healthSeries, () => ({ bucketMinutes: 2, points: [] })),
    ...restFixture(loggerEndpoints.analytics, ({ query }) => ({
      days: query?.from ? [query.from] : [],
      pages: [],
      performers: [],
    })),
  };
  return { handlers, current: () => amora };
}

const operator = { flags: { operator: true } };

function renderConsole(
  options: { loggedIn?: boolean; guest?: MockPlatformOptions['guest']; rest?: MockPlatformOptions['rest'] } = {},
) {
  return renderInShell(<OperatorConsole />, {
    platform: {
      loggedIn: options.loggedIn ?? true,
      guest: options.guest ?? operator,
      rest: options.rest ?? registry().handlers,
    },
  });
}

const registryCalls = (platform: { restCalls: { path: string }[] }) =>
  platform.restCalls.filter((call) => call.path.startsWith('/federation/'));

const tenantSection = () => screen.findByRole('region', { name: 'Amora (amora)' });
const remoteRow = (section: HTMLElement, name: string) =>
  section.querySelector<HTMLElement>(`[data-remote-row="${name}"]`)!;

describe('operator console: outbox', () => {
  it('lists the mails with their state and opens a kept one to read its link', async () => {
    renderConsole();
    const outbox = await screen.findByTestId('operator-outbox');
    expect(
      await within(outbox).findByText(
        'No SMTP server is configured (SMTP_URL): mails are kept here, to be read below.',
      ),
    ).toBeInTheDocument();
    const failed = outbox.querySelector<HTMLElement>('tr[data-state="failed"]')!;
    expect(failed).toHaveClass('vv-operator__row--alarm');
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Read' })).toBeNull();
    fireEvent.click(within(outbox).getByRole('button', { name: 'Read' }));
    expect(within(outbox).getByTestId('outbox-text')).toHaveTextContent('http://localhost:8080/de/passwort/neu/abc/');
  });

  it('sends a newsletter to its subscribers only after a confirmation', async () => {
    const { platform } = renderConsole();
    const form = await screen.findByTestId('send-newsletter');
    fireEvent.change(within(form).getByLabelText('Newsletter'), { target: { value: '1024' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to subscribers' }));
    expect(within(form).getByText('Send "VIP club" now to every confirmed subscriber?')).toBeInTheDocument();
    expect(platform.restCalls.filter((call) => call.path.startsWith('/mail/newsletters'))).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('"VIP club" is in the outbox for 3 subscribers.');
    expect(platform.restCalls.find((call) => call.path.startsWith('/mail/newsletters'))?.input?.params).toEqual({
      typeId: 1024,
    });
  });
});

describe('operator console: who may see it', () => {
  it('asks an anonymous visitor to log in, and calls no registry endpoint', () => {
    const { platform } = renderConsole({ loggedIn: false, guest: {} });
    expect(screen.getByText('The operator console needs an operator login.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(platform.openedFlows).toEqual(['login']);
    expect(registryCalls(platform)).toEqual([]);
  });

  it('tells a logged-in guest without the operator role that it is for operators only', () => {
    const { platform } = renderConsole({ guest: {} });
    expect(within(screen.getByTestId('operator-forbidden')).getByText('Operators only')).toBeInTheDocument();
    expect(registryCalls(platform)).toEqual([]);
  });

  it('shows the console once the guest logs in as an operator', async () => {
    const { platform } = renderConsole({ loggedIn: false, guest: {} });
    act(() => platform.setGuest({ id: 'operator-1', flags: { loggedIn: true, operator: true } }));
    expect(await tenantSection()).toBeInTheDocument();
  });

  it('believes the server over stale session flags: a 403 shows "operators only"', async () => {
    renderConsole({
      rest: restFixture(registryEndpoints.tenants, () => {
        throw new ApiError(403, 'FORBIDDEN', 'Only operators may do this');
      }),
    });
    expect(await screen.findByTestId('operator-forbidden')).toHaveTextContent('Operators only');
  });

  it('the navbar links to the console for operators only', async () => {
    const operatorGuest = guestFixture(true, 'en', { name: 'Olga', flags: { operator: true } });
    const plainGuest = guestFixture(true, 'en', { name: 'Paul' });
    let answer = plainGuest;
    const rest = (() => Promise.resolve({ accessToken: 'token', guest: answer })) as unknown as RestCall;
    const { shell } = renderInShell(<Navbar />, { rest });
    await act(() => shell.session.login('paul@example.com', 'a-password'));
    expect(screen.queryByRole('link', { name: 'Operator console' })).toBeNull();
    answer = operatorGuest;
    await act(() => shell.session.login('olga@example.com', 'a-password'));
    expect(screen.getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/en/operator/');
  });
});

describe('operator console: content', () => {
  it('lists tenants with hosts, languages, features and each remote with version, canary and history', async () => {
    renderConsole({
      rest: {
        ...registry().handlers,
        ...restFixture(registryEndpoints.tenants, () => ({
          items: [
            tenantFixture('velvet', 'Velvet', { languages: ['de', 'en', 'nl', 'es'], hosts: ['localhost'] }),
            tenantFixture('amora', 'Amora', {
              remotes: [
                remote('mf-tv', '0.2.0', { canaryVersion: '0.3.0', canaryPercent: 20, history: ['0.0.9', '0.1.0'] }),
              ],
            }),
          ],
        })),
      },
    });
    const velvet = await screen.findByRole('region', { name: 'Velvet (velvet)' });
    expect(velvet).toHaveTextContent('localhost');
    expect(velvet).toHaveTextContent('DE, EN, NL, ES');
    const amora = await tenantSection();
    expect(amora).toHaveTextContent('amora.localhost');
    expect(within(amora).getByRole('switch', { name: 'feed' })).toBeChecked();
    expect(within(amora).getByRole('switch', { name: 'specials' })).not.toBeChecked();
    const tv = remoteRow(amora, 'mf-tv');
    expect(tv).toHaveTextContent('0.2.0');
    expect(tv).toHaveTextContent('0.3.0 for 20 % of visitors');
    expect(tv).toHaveTextContent('0.1.0, 0.0.9');
    expect(within(tv).getByRole('button', { name: 'Promote' })).toBeEnabled();
    expect(within(amora).getByRole('link', { name: 'Open the Amora site' })).toHaveAttribute(
      'href',
      '/en/?tenant=amora',
    );
  });

  it('shows health per tenant, remote, version and channel, marking a canary over the rollback threshold', async () => {
    renderConsole();
    const health = screen.getByTestId('operator-health');
    const rows = await within(health).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(/amora.*mf-tv.*0\.2\.0.*pinned.*40.*0.*0%.*120 ms.*480 ms.*none/);
    expect(rows[1]).not.toHaveTextContent('counted');
    expect(rows[2]).toHaveTextContent('75% (3 of 10 counted for the rollback)');
    expect(rows[2]).toHaveTextContent('at or above the rollback threshold of 25%');
    expect(rows[2]).toHaveTextContent('entry');
    expect(rows[2]).toHaveTextContent('remoteEntry.js answered 500');
    expect(rows[2]).toHaveClass('vv-operator__row--alarm');
    expect(rows[3]).toHaveTextContent('100% (0 of 4 counted for the rollback)');
    expect(rows[3]).not.toHaveTextContent('rollback threshold');
    expect(rows[3]).not.toHaveClass('vv-operator__row--alarm');
  });

  it('lists the server processes with their state and sockets, marking those not healthy, and reads them again', async () => {
    const { platform } = renderConsole();
    const processes = screen.getByTestId('operator-processes');
    const rows = await within(processes).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(/w1.*healthy.*1,200/);
    expect(rows[1]).not.toHaveClass('vv-operator__row--alarm');
    expect(rows[2]).toHaveTextContent(/w2.*draining.*3/);
    expect(rows[2]).toHaveClass('vv-operator__row--alarm');
    expect(rows[3]).toHaveTextContent(/w3.*silent/);
    expect(rows[3]).toHaveClass('vv-operator__row--alarm');
    const calls = () => restCallsTo(platform, registryEndpoints.processes).length;
    const before = calls();
    fireEvent.click(within(processes).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
  });

  it('keeps the console working when health cannot be loaded, naming the reason', async () => {
    renderConsole({
      rest: {
        ...registry().handlers,
        ...restFixture(telemetryEndpoints.health, () => {
          throw new ApiError(404, 'NOT_FOUND', 'GET /rest/v1/federation/health');
        }),
      },
    });
    expect(await tenantSection()).toBeInTheDocument();
    const health = screen.getByTestId('operator-health');
    expect(await within(health).findByRole('alert')).toHaveTextContent(
      'Health cannot be shown right now: Not found: the tenant, remote or version does not exist (any more).',
    );
  });

  it('lists deployments with paging, showing automatic rollbacks apart', async () => {
    const { platform } = renderConsole();
    const log = screen.getByTestId('operator-deployments');
    const auto = await waitFor(() => {
      const row = log.querySelector('[data-action="auto-rollback"]');
      expect(row).not.toBeNull();
      return row as HTMLElement;
    });
    expect(auto).toHaveTextContent('automatic rollback');
    expect(auto).toHaveTextContent('by the server');
    expect(auto).toHaveTextContent('failures=9 loads=12');
    expect(auto).toHaveClass('vv-operator__row--alarm');
    fireEvent.click(within(log).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(restCallsTo(platform, registryEndpoints.deployments).at(-1)?.query).toEqual({ page: 3, pageSize: 20 }),
    );
  });
});

describe('operator console: changes', () => {
  it('switches a feature off and on for a tenant, saying it applies from the next page load', async () => {
    const { platform } = renderConsole();
    const amora = await tenantSection();
    expect(amora).toHaveTextContent("A switch takes effect on the tenant's next page load, without a deploy.");
    fireEvent.click(within(amora).getByRole('switch', { name: 'feed' }));
    await waitFor(() => expect(within(amora).getByRole('switch', { name: 'feed' })).not.toBeChecked());
    fireEvent.click(within(amora).getByRole('switch', { name: 'feed' }));
    await waitFor(() => expect(within(amora).getByRole('switch', { name: 'feed' })).toBeChecked());
    expect(restCallsTo(platform, registryEndpoints.features)).toEqual([
      { params: { tenantId: 'amora' }, body: { on: [], off: ['feed'] } },
      { params: { tenantId: 'amora' }, body: { on: ['feed'], off: [] } },
    ]);
    expect(platform.toasts.map((toast) => toast.message)).toEqual([
      'feed is off for Amora from the next page load.',
      'feed is on for Amora from the next page load.',
    ]);
  });

  it('shows a refused switch with the message of its error code', async () => {
    renderConsole({
      rest: {
        ...registry().handlers,
        ...restFixture(registryEndpoints.features, () => {
          throw new ApiError(400, 'UNKNOWN_FEATURE', 'Unknown features: feed');
        }),
      },
    });
    const amora = await tenantSection();
    fireEvent.click(within(amora).getByRole('switch', { name: 'feed' }));
    expect(await within(amora).findByRole('alert')).toHaveTextContent('This feature is unknown.');
    expect(within(amora).getByRole('switch', { name: 'feed' })).toBeChecked();
  });

  it('pins a chosen published version after confirmation and shows the new pin and history', async () => {
    const { platform } = renderConsole();
    const amora = await tenantSection();
    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pin a version of mf-tv for Amora' });
    const select = await within(dialog).findByRole('combobox', { name: 'Version' });
    // The pinned version is not offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['0.3.0', '0.1.0']);
    fireEvent.change(select, { target: { value: '0.1.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Pin mf-tv 0.1.0 for Amora? Every visitor gets it on the next page load.');
    expect(restCallsTo(platform, registryEndpoints.pin)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(restCallsTo(platform, registryEndpoints.pin)).toEqual([
      { params: { tenantId: 'amora', remote: 'mf-tv' }, body: { version: '0.1.0' } },
    ]);
    await waitFor(() =>
      expect(remoteRow(amora, 'mf-tv').querySelector('[data-testid="pinned-version"]')).toHaveTextContent('0.1.0'),
    );
    expect(remoteRow(amora, 'mf-tv')).toHaveTextContent('0.2.0, 0.1.0');
    expect(platform.toasts.at(-1)?.message).toBe('Saved: Amora loads mf-tv 0.1.0.');
    // Tenants and the deployments log are loaded again.
    expect(restCallsTo(platform, registryEndpoints.deployments).length).toBeGreaterThan(1);
  });

  it('says how to publish a version when there is none besides the pinned one', async () => {
    renderConsole({
      rest: {
        ...registry().handlers,
        ...restFixture(registryEndpoints.versions, () => ({
          items: [{ version: '0.2.0', deployedAt: AT, deployedBy: 'startup' }],
          total: 1,
          page: 1,
          pageSize: 100,
        })),
      },
    });
    const amora = await tenantSection();
    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Pin' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/npm run ops -- deploy mf-tv/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelling a confirmation changes nothing', async () => {
    const { platform } = renderConsole();
    const amora = await tenantSection();
    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Roll back' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Roll mf-tv for Amora back from 0.2.0 to 0.1.0?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(restCallsTo(platform, registryEndpoints.rollback)).toEqual([]);
  });

  it('starts a canary with a version and a share, then rolls it back', async () => {
    const { platform } = renderConsole();
    const amora = await tenantSection();
    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Canary' }));
    let dialog = await screen.findByRole('dialog', { name: 'Canary of mf-tv for Amora' });
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Version' }), { target: { value: '0.3.0' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Share of visitors (%)' }), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent("Give 25 % of Amora's visitors mf-tv 0.3.0? The others keep 0.2.0.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(remoteRow(amora, 'mf-tv')).toHaveTextContent('0.3.0 for 25 % of visitors'));
    expect(restCallsTo(platform, registryEndpoints.canary)).toEqual([
      { params: { tenantId: 'amora', remote: 'mf-tv' }, body: { version: '0.3.0', percent: 25 } },
    ]);

    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Roll back' }));
    dialog = await screen.findByRole('dialog', { name: 'Roll back mf-tv for Amora' });
    expect(dialog).toHaveTextContent('End the canary 0.3.0 of mf-tv for Amora? Its visitors go back to 0.2.0.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(remoteRow(amora, 'mf-tv')).not.toHaveTextContent('0.3.0'));
    expect(restCallsTo(platform, registryEndpoints.rollback)).toEqual([
      { params: { tenantId: 'amora', remote: 'mf-tv' } },
    ]);
  });

  it('keeps the dialog open with the translated message when the server refuses the change', async () => {
    const handlers = registry().handlers;
    renderConsole({
      rest: {
        ...handlers,
        ...restFixture(registryEndpoints.tenants, () => ({
          items: [
            tenantFixture('amora', 'Amora', {
              remotes: [remote('mf-tv', '0.2.0', { canaryVersion: '0.3.0', canaryPercent: 5 })],
            }),
          ],
        })),
        ...restFixture(registryEndpoints.rollback, () => {
          throw new ApiError(409, 'NOTHING_TO_ROLL_BACK', 'Tenant amora has no earlier version of mf-tv');
        }),
      },
    });
    const amora = await tenantSection();
    // promote: the fixture registry answers 409 NO_CANARY (another operator got there first)
    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Promote' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There is no canary to promote.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Roll back' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There is no earlier version to roll back to.');
  });

  it('disables promote without a canary and rollback without anything to go back to', async () => {
    renderConsole();
    const feed = remoteRow(await tenantSection(), 'mf-feed');
    expect(within(feed).getByRole('button', { name: 'Promote' })).toBeDisabled();
    expect(within(feed).getByRole('button', { name: 'Roll back' })).toBeDisabled();
  });
});

describe('operator console: two-factor login', () => {
  it('enrols: shows the QR code and the secret, refuses a wrong code with its message, confirms the right one', async () => {
    const enrolment = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Velvet:op?secret=JBSW' };
    const rest: MockPlatformOptions['rest'] = {
      ...registry().handlers,
      ...restFixture(authEndpoints.totpStart, () => enrolment),
      ...restFixture(authEndpoints.totpConfirm, ({ body }) => {
        if (body.code !== '123456') throw new ApiError(400, 'TOTP_INVALID', 'wrong');
        return { enabled: true };
      }),
    };
    renderConsole({ rest });
    const panel = await screen.findByTestId('operator-two-factor');
    expect(await within(panel).findByText(/^Off:/)).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Set up two-factor login' }));
    const qr = await within(panel).findByRole('img', { name: 'QR code of the two-factor secret' });
    // A real QR code: version 2 or more for this URI, drawn module by module.
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(500);
    expect(within(panel).getByTestId('totp-secret')).toHaveTextContent(enrolment.secret);

    fireEvent.change(within(panel).getByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm code' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This code is not right.');
    fireEvent.change(within(panel).getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm code' }));
    expect(await within(panel).findByText(/^On:/)).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Move to another authenticator app' })).toBeInTheDocument();
  });
});

describe('operator console: loading and languages', () => {
  it('loads as its own chunk on the console route', async () => {
    renderInShell(<OperatorConsolePage />, {
      platform: { loggedIn: true, guest: operator, rest: registry().handlers },
    });
    expect(await screen.findByTestId('operator-console')).toBeInTheDocument();
    expect(await tenantSection()).toBeInTheDocument();
  });

  it('speaks German', async () => {
    renderInShell(<OperatorConsole />, {
      language: 'de',
      platform: { loggedIn: true, guest: operator, rest: registry().handlers },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Betreiberkonsole');
    const amora = await tenantSection();
    expect(within(remoteRow(amora, 'mf-tv')).getByRole('button', { name: 'Zurückrollen' })).toBeEnabled();
  });
});

describe('operator console: push campaigns and news', () => {
  it('sends a campaign in every language after a confirmation and reports the delivery', async () => {
    const rest: MockPlatformOptions['rest'] = {
      ...registry().handlers,
      ...restFixture(pushEndpoints.broadcast, () => ({ data: { sent: 12, removed: 2, failed: 1 } })),
    };
    const { platform } = renderConsole({ rest });
    const panel = await screen.findByTestId('operator-push');
    const send = within(panel).getByRole('button', { name: 'Send push' });
    expect(send).toBeDisabled();
    fireEvent.change(within(panel).getByLabelText('Kind'), { target: { value: 'news' } });
    fireEvent.change(within(panel).getByLabelText('Page a click opens (a path of the site)'), {
      target: { value: 'https://elsewhere.example/' },
    });
    const texts = { de: 'Neu', en: 'New', nl: 'Nieuw', es: 'Nuevo' };
    for (const [language, word] of Object.entries(texts)) {
      const group = within(panel).getByRole('group', {
        name: { de: 'German', en: 'English', nl: 'Dutch', es: 'Spanish' }[language],
      });
      fireEvent.change(within(group).getByLabelText('Title'), { target: { value: `${word}!` } });
      fireEvent.change(within(group).getByLabelText('Text'), { target: { value: `${word} season` } });
    }
    fireEvent.click(send);
    expect(restCallsTo(platform, pushEndpoints.broadcast)).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Send now' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      /The server refused the input: .*must be a path of the site/,
    );

    fireEvent.change(within(panel).getByLabelText('Page a click opens (a path of the site)'), {
      target: { value: '/en/tv/' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send push' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Send now' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Sent to 12 browsers; 2 expired subscriptions removed; 1 not delivered.',
    );
    expect(restCallsTo(platform, pushEndpoints.broadcast).at(-1)?.body).toEqual({
      event: 'news',
      url: '/en/tv/',
      texts: {
        de: { title: 'Neu!', body: 'Neu season' },
        en: { title: 'New!', body: 'New season' },
        nl: { title: 'Nieuw!', body: 'Nieuw season' },
        es: { title: 'Nuevo!', body: 'Nuevo season' },
      },
    });
  });
});

describe('operator console: compensation', () => {
  it('credits coins with a reason, one idempotency key per filled-in form, and names a missing guest', async () => {
    let found = true;
    const { platform } = renderConsole({
      rest: {
        ...registry().handlers,
        '/operator/compensation': ({ body }) => {
          if (!found) throw new ApiError(404, 'NOT_FOUND', 'No such guest');
          return { transferId: 't-1', guestId: 'guest-1', coins: (body as { coins: number } | undefined)?.coins ?? 0 };
        },
      },
    });
    const panel = within(await screen.findByTestId('operator-compensation'));
    fireEvent.change(panel.getByLabelText('Guest (id or e-mail)'), { target: { value: 'anna@example.com' } });
    fireEvent.change(panel.getByLabelText('Coins'), { target: { value: '25' } });
    fireEvent.change(panel.getByLabelText('Reason'), { target: { value: 'Stream froze' } });
    fireEvent.click(panel.getByRole('button', { name: 'Credit coins' }));
    expect(await panel.findByRole('status')).toHaveTextContent('25 coins credited to anna@example.com.');
    const call = platform.restCalls.find((c) => c.path === '/operator/compensation');
    expect(call?.input?.body).toEqual({ guest: 'anna@example.com', coins: 25, reason: 'Stream froze' });
    expect(call?.input?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    found = false;
    fireEvent.change(panel.getByLabelText('Guest (id or e-mail)'), { target: { value: 'nobody@example.com' } });
    fireEvent.change(panel.getByLabelText('Coins'), { target: { value: '5' } });
    fireEvent.change(panel.getByLabelText('Reason'), { target: { value: 'Test' } });
    fireEvent.click(panel.getByRole('button', { name: 'Credit coins' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('No guest with this id or e-mail.');
  });
});
