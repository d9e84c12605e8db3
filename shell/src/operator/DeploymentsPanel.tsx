import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registryEndpoints, type DeploymentLogEntry } from '@velvet/contracts';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLanguage, useLoaded } from './data';
import { PagedTable } from './Table';

const PAGE_SIZE = 20;
const COLUMNS = ['at', 'actor', 'action', 'tenant', 'remote', 'version', 'previous', 'detail'] as const;

/** `key=value` pairs of an entry's detail (a canary's percent, switched features, a rollback's reason). */
const detailText = (detail: DeploymentLogEntry['detail']) =>
  Object.entries(detail ?? {})
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');

/** The registry's audit log, newest first; rollbacks the server made itself stand out. */
export function DeploymentsPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const log = useLoaded(`deployments:${page}`, () =>
    platform.api.rest(registryEndpoints.deployments, { query: { page, pageSize: PAGE_SIZE } }),
  );
  return (
    <section
      className="vv-operator__deployments"
      aria-labelledby="operator-deployments"
      data-testid="operator-deployments"
    >
      <h2 id="operator-deployments">{t('operator.deployments.title')}</h2>
      <LoadState loaded={log}>
        {(data) => (
          <PagedTable
            data={data}
            headers={COLUMNS.map((column) => t(`operator.deployments.${column}`))}
            empty={t('operator.deployments.empty')}
            onPage={setPage}
            rows={(entry) => {
              const automatic = entry.action === 'auto-rollback';
              return (
                <tr
                  key={entry.id}
                  data-action={entry.action}
                  className={automatic ? 'vv-operator__row--alarm' : undefined}
                >
                  <td>{formatDate(entry.at, language, { dateStyle: 'short', timeStyle: 'medium' })}</td>
                  <td>{automatic ? t('operator.deployments.byServer') : entry.actor}</td>
                  <td>
                    <span className={`vv-operator__action vv-operator__action--${entry.action}`}>
                      {t(`operator.deployments.actions.${entry.action}`)}
                    </span>
                  </td>
                  <td>{entry.tenant ?? ''}</td>
                  <td>{entry.remote ?? ''}</td>
                  <td>{entry.version ?? ''}</td>
                  <td>{entry.previousVersion ?? ''}</td>
                  <td>
                    {entry.detail ? <code className="vv-operator__detail">{detailText(entry.detail)}</code> : null}
                  </td>
                </tr>
              );
            }}
          />
        )}
      </LoadState>
    </section>
  );
}
