import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMOTE_NAMES, telemetryEndpoints, type RemoteHealthPoint, type RemoteName } from '@velvet/contracts';
import { EmptyState, Spinner } from '@velvet/ui';
import { formatDate, formatNumber } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { useLanguage, useLoaded } from './data';
import { LinesChart } from './Charts';

const CHANNELS = ['pinned', 'canary'] as const;

/** One point per stretch with the failure share and median load time of each channel (null where it had no loads). */
export function channelPoints(points: readonly RemoteHealthPoint[], label: (at: string) => string) {
  const stretches = [...new Set(points.map((point) => point.at))].sort();
  return stretches.map((at) => {
    const row: Record<string, string | number | null> = { x: label(at) };
    for (const channel of CHANNELS) {
      const point = points.find((candidate) => candidate.at === at && candidate.channel === channel);
      row[`${channel}Share`] = point ? point.failureShare : null;
      row[`${channel}P50`] = point ? point.p50Ms : null;
    }
    return row;
  });
}

/** Failure share and load time of one remote over the period, canary beside pinned. */
export function HealthCharts({ minutes }: { minutes: number }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const [remote, setRemote] = useState<RemoteName>(REMOTE_NAMES[0]);
  const series = useLoaded(`health-series:${remote}:${minutes}`, () =>
    platform.api.rest(telemetryEndpoints.healthSeries, { query: { remote, minutes } }),
  );
  const time = (at: string) =>
    formatDate(at, language, minutes > 24 * 60 ? { dateStyle: 'short', timeStyle: 'short' } : { timeStyle: 'short' });
  const lines = (suffix: string) =>
    CHANNELS.map((channel) => ({ key: `${channel}${suffix}`, label: t(`operator.health.channels.${channel}`) }));
  const content = () => {
    if (series.error) return <p role="alert">{t('operator.health.seriesUnavailable')}</p>;
    if (!series.data) return <Spinner label={t('common:loading')} />;
    if (!series.data.points.length) return <EmptyState title={t('operator.health.empty')} />;
    const points = channelPoints(series.data.points, time);
    return (
      <div className="vv-operator__charts">
        <LinesChart
          title={t('operator.health.shareOverTime', { remote })}
          points={points}
          lines={lines('Share')}
          format={(value) => formatNumber(value, language, { style: 'percent', maximumFractionDigits: 1 })}
        />
        <LinesChart
          title={t('operator.health.loadTimeOverTime', { remote })}
          points={points}
          lines={lines('P50')}
          format={(value) => t('operator.health.milliseconds', { value: formatNumber(value, language) })}
        />
      </div>
    );
  };
  return (
    <div data-testid="operator-health-charts">
      <label className="vv-operator__period">
        {t('operator.health.remote')}{' '}
        <select value={remote} onChange={(event) => setRemote(event.target.value as RemoteName)}>
          {REMOTE_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {content()}
    </div>
  );
}
