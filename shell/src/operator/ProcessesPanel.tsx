import { useTranslation } from 'react-i18next';
import { registryEndpoints, type ServerProcess } from '@velvet/contracts';
import { Button, EmptyState, Spinner } from '@velvet/ui';
import { formatDate, formatNumber } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

const COLUMNS = ['instance', 'state', 'sockets', 'startedAt', 'seenAt'] as const;

/**
 * The site's server processes as their heartbeats tell: each one's state (a draining or silent one marked), open
 * sockets, start and last heartbeat, read again on demand. A failure leaves the rest of the console working.
 */
export function ProcessesPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const errorText = useErrorText();
  const processes = useLoaded('processes', () => platform.api.rest(registryEndpoints.processes));
  const time = (iso: string) => formatDate(iso, language, { dateStyle: 'short', timeStyle: 'medium' });
  const row = (item: ServerProcess) => (
    <tr key={item.instance} className={item.state === 'ok' ? undefined : 'vv-operator__row--alarm'}>
      <th scope="row">{item.instance}</th>
      <td>{t(`operator.processes.states.${item.state}`)}</td>
      <td>{formatNumber(item.sockets, language)}</td>
      <td>{time(item.startedAt)}</td>
      <td>{time(item.seenAt)}</td>
    </tr>
  );

  const content = () => {
    if (processes.error) {
      return (
        <div className="vv-operator__error" role="alert">
          <p>{t('operator.processes.unavailable', { reason: errorText(processes.error) })}</p>
          <Button variant="secondary" size="small" onClick={processes.retry}>
            {t('common:retry')}
          </Button>
        </div>
      );
    }
    if (!processes.data) return <Spinner label={t('common:loading')} />;
    if (!processes.data.items.length) return <EmptyState title={t('operator.processes.empty')} />;
    return (
      <>
        <OperatorTable headers={COLUMNS.map((column) => t(`operator.processes.${column}`))}>
          {processes.data.items.map(row)}
        </OperatorTable>
        <Button variant="secondary" size="small" onClick={processes.retry}>
          {t('operator.processes.refresh')}
        </Button>
      </>
    );
  };

  return (
    <section aria-labelledby="operator-processes" data-testid="operator-processes">
      <h2 id="operator-processes">{t('operator.processes.title')}</h2>
      {content()}
    </section>
  );
}
