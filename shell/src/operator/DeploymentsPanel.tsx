import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registryEndpoints, type DeploymentLogEntry } from '@velvet/contracts';
import { EmptyState, Pager } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLanguage, useLoaded, usePagerLabels } from './data';

const PAGE_SIZE = 20;

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
  const pagerLabels = usePagerLabels();
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
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={t('operator.deployments.empty')} />
          ) : (
            <>
              <table className="vv-operator__table">
                <thead>
                  <tr>
                    <th scope="col">{t('operator.deployments.at')}</th>
                    <th scope="col">{t('operator.deployments.actor')}</th>
                    <th scope="col">{t('operator.deployments.action')}</th>
                    <th scope="col">{t('operator.deployments.tenant')}</th>
                    <th scope="col">{t('operator.deployments.remote')}</th>
                    <th scope="col">{t('operator.deployments.version')}</th>
                    <th scope="col">{t('operator.deployments.previous')}</th>
                    <th scope="col">{t('operator.deployments.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((entry) => {
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
                          {entry.detail ? (
                            <code className="vv-operator__detail">{detailText(entry.detail)}</code>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <Pager
                page={data.page}
                pageCount={Math.ceil(data.total / data.pageSize)}
                onChange={setPage}
                labels={pagerLabels}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
