import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANARY_AUTO_ROLLBACK, telemetryEndpoints, type RemoteHealth } from '@velvet/contracts';
import { Button, EmptyState, Spinner } from '@velvet/ui';
import { formatDate, formatNumber } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';
import { HealthCharts } from './HealthCharts';

const COLUMNS = [
  'tenant',
  'remote',
  'version',
  'channel',
  'loads',
  'failures',
  'failureShare',
  'p50',
  'p95',
  'lastFailure',
] as const;
const PERIODS = [15, 60, 1440] as const;

/**
 * Remote loads reported by browsers, per tenant, remote, version and channel. A failure to load health leaves
 * the rest of the console working.
 */
export function HealthPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const errorText = useErrorText();
  const [minutes, setMinutes] = useState<(typeof PERIODS)[number]>(60);
  const health = useLoaded(`health:${minutes}`, () =>
    platform.api.rest(telemetryEndpoints.health, { query: { minutes } }),
  );
  const ms = (value: number | null) =>
    value === null
      ? t('operator.remotes.none')
      : t('operator.health.milliseconds', { value: formatNumber(value, language) });
  const share = (value: number) => formatNumber(value, language, { style: 'percent', maximumFractionDigits: 1 });
  const row = (item: RemoteHealth) => {
    // The alarm follows what the server acts on: only counted loads (valid report tokens) can end a canary.
    const { counted } = item;
    const alarming =
      item.channel === 'canary' &&
      counted.loads > 0 &&
      counted.failures / counted.loads >= CANARY_AUTO_ROLLBACK.failureShare;
    return (
      <tr
        key={`${item.tenant}/${item.remote}/${item.version}/${item.channel}`}
        className={alarming ? 'vv-operator__row--alarm' : undefined}
      >
        <td>{item.tenant}</td>
        <th scope="row">{item.remote}</th>
        <td>{item.version}</td>
        <td>{t(`operator.health.channels.${item.channel}`)}</td>
        <td>{formatNumber(item.loads, language)}</td>
        <td>{formatNumber(item.failures, language)}</td>
        <td>
          {share(item.failureShare)}
          {item.channel === 'canary' ? (
            <span>
              {' '}
              {t('operator.health.counted', {
                failures: formatNumber(counted.failures, language),
                loads: formatNumber(counted.loads, language),
              })}
            </span>
          ) : null}
          {alarming ? (
            <span className="vv-operator__alarm">
              {' '}
              {t('operator.health.overThreshold', { share: share(CANARY_AUTO_ROLLBACK.failureShare) })}
            </span>
          ) : null}
        </td>
        <td>{ms(item.p50Ms)}</td>
        <td>{ms(item.p95Ms)}</td>
        <td>
          {item.lastFailure ? (
            <>
              {t('operator.health.failureAt', {
                at: formatDate(item.lastFailure.at, language, { dateStyle: 'short', timeStyle: 'medium' }),
                stage: item.lastFailure.stage,
              })}
              {item.lastFailure.error ? <code className="vv-operator__detail">{item.lastFailure.error}</code> : null}
            </>
          ) : (
            t('operator.remotes.none')
          )}
        </td>
      </tr>
    );
  };

  const content = () => {
    if (health.error) {
      return (
        <div className="vv-operator__error" role="alert">
          <p>{t('operator.health.unavailable', { reason: errorText(health.error) })}</p>
          <Button variant="secondary" size="small" onClick={health.retry}>
            {t('common:retry')}
          </Button>
        </div>
      );
    }
    if (!health.data) return <Spinner label={t('common:loading')} />;
    if (!health.data.items.length) return <EmptyState title={t('operator.health.empty')} />;
    return (
      <OperatorTable headers={COLUMNS.map((column) => t(`operator.health.${column}`))}>
        {health.data.items.map(row)}
      </OperatorTable>
    );
  };

  return (
    <section className="vv-operator__health" aria-labelledby="operator-health" data-testid="operator-health">
      <h2 id="operator-health">{t('operator.health.title')}</h2>
      <label className="vv-operator__period">
        {t('operator.health.period')}{' '}
        <select
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value) as (typeof PERIODS)[number])}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`operator.health.minutes_${period}`)}
            </option>
          ))}
        </select>
      </label>
      {content()}
      <HealthCharts minutes={minutes} />
    </section>
  );
}
