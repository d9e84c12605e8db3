import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registryEndpoints, type TenantDetails, type TenantRemote } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { useChanged, useLanguage } from './data';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';
import { RemoteActionDialog, type RemoteAction } from './RemoteActionDialog';

/** Each feature of a tenant as a switch; the answer is the tenant as it now is, put into the loaded list. */
function FeatureSwitches({ tenant, onChange }: { tenant: TenantDetails; onChange: (tenant: TenantDetails) => void }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const changed = useChanged();
  // keyed by the feature being switched
  const switching = useAction(useErrorText());

  const toggle = (feature: string, on: boolean) =>
    switching.run(async () => {
      const updated = await platform.api.rest(registryEndpoints.features, {
        params: { tenantId: tenant.id },
        body: on ? { on: [feature], off: [] } : { on: [], off: [feature] },
      });
      onChange(updated);
      // The deployments log has the switch now.
      changed();
      platform.ui.toast(
        t(`operator.features.switched_${on ? 'on' : 'off'}`, { feature, brand: tenant.brand }),
        'success',
      );
    }, feature);

  return (
    <fieldset className="vv-operator__features">
      <legend>{t('operator.features.title')}</legend>
      <p className="vv-operator__hint">{t('operator.features.hint')}</p>
      <ul>
        {Object.entries(tenant.features)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([feature, on]) => (
            <li key={feature}>
              <label>
                <input
                  type="checkbox"
                  role="switch"
                  checked={on}
                  disabled={switching.busy}
                  aria-busy={switching.running === feature || undefined}
                  onChange={(event) => void toggle(feature, event.target.checked)}
                />{' '}
                {feature}
              </label>
            </li>
          ))}
      </ul>
      {switching.error ? (
        <p className="vv-operator__error" role="alert">
          {switching.error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RemotesTable({ tenant }: { tenant: TenantDetails }) {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const [action, setAction] = useState<{ kind: RemoteAction; remote: TenantRemote } | null>(null);
  const actionButton = (kind: RemoteAction, remote: TenantRemote, enabled = true) => (
    <Button variant="secondary" size="small" disabled={!enabled} onClick={() => setAction({ kind, remote })}>
      {t(`operator.actions.${kind}`)}
    </Button>
  );
  return (
    <>
      <OperatorTable
        headers={(['remote', 'version', 'canary', 'history', 'changed', 'actions'] as const).map((column) =>
          t(`operator.remotes.${column}`),
        )}
        caption={t('operator.remotes.title')}
      >
        {tenant.remotes.map((remote) => (
          <tr key={remote.remote} data-remote-row={remote.remote}>
            <th scope="row">{remote.remote}</th>
            <td data-testid="pinned-version">{remote.version}</td>
            <td>
              {remote.canaryVersion
                ? t('operator.remotes.canaryShare', { version: remote.canaryVersion, percent: remote.canaryPercent })
                : t('operator.remotes.none')}
            </td>
            <td>{remote.history.length ? [...remote.history].reverse().join(', ') : t('operator.remotes.none')}</td>
            <td>
              {t('operator.remotes.changedBy', {
                at: formatDate(remote.updatedAt, language, { dateStyle: 'short', timeStyle: 'short' }),
                who: remote.updatedBy,
              })}
            </td>
            <td className="vv-operator__actions">
              {actionButton('pin', remote)}
              {actionButton('canary', remote)}
              {actionButton('promote', remote, remote.canaryVersion !== null)}
              {actionButton('rollback', remote, remote.canaryVersion !== null || remote.history.length > 0)}
            </td>
          </tr>
        ))}
      </OperatorTable>
      {action ? (
        <RemoteActionDialog tenant={tenant} remote={action.remote} kind={action.kind} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}

/** One tenant: brand, hosts and languages, its feature switches and its remotes with their versions. */
export function TenantPanel({
  tenant,
  onChange,
}: {
  tenant: TenantDetails;
  /** Gets the tenant as the server answered it after a feature switch. */
  onChange: (tenant: TenantDetails) => void;
}) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const siteLanguage = tenant.languages.includes(language) ? language : (tenant.languages[0] ?? language);
  return (
    <section className="vv-operator__tenant" data-tenant={tenant.id} aria-labelledby={`operator-tenant-${tenant.id}`}>
      <h3 id={`operator-tenant-${tenant.id}`}>
        {t('operator.tenants.heading', { brand: tenant.brand, id: tenant.id })}
      </h3>
      <dl className="vv-operator__facts">
        <dt>{t('operator.tenants.hosts')}</dt>
        <dd>{tenant.hosts.join(', ')}</dd>
        <dt>{t('operator.tenants.languages')}</dt>
        <dd>{tenant.languages.map((code) => code.toUpperCase()).join(', ')}</dd>
      </dl>
      <p>
        {/* A new tab: `?tenant=` is remembered per tab, and this one stays on the console's tenant. */}
        <a
          href={`${platform.router.href('home', {}, siteLanguage)}?tenant=${encodeURIComponent(tenant.id)}`}
          target="_blank"
          rel="noopener"
        >
          {t('operator.tenants.openSite', { brand: tenant.brand })}
        </a>
      </p>
      <FeatureSwitches tenant={tenant} onChange={onChange} />
      <RemotesTable tenant={tenant} />
    </section>
  );
}
