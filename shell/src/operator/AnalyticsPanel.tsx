import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loggerEndpoints, type AnalyticsReport } from '@velvet/contracts';
import { Button, EmptyState, Spinner } from '@velvet/ui';
import { formatDate, formatNumber } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';
import { LinesChart, type ChartLine } from './Charts';

const SPANS = [7, 30, 90] as const;
/** The pages charted: the most viewed of the span; more lines would not be told apart. */
const CHARTED_PAGES = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The span's first and last UTC day ending today. */
const spanOf = (days: number, today = new Date()) => ({
  from: new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10),
  to: today.toISOString().slice(0, 10),
});

interface Counted {
  day: string;
  key: string;
  visits: number;
}

/** Points per day with a value per line (0 on a day without visits), and the lines sorted by their totals. */
export function dailyLines(
  days: readonly string[],
  rows: readonly Counted[],
  limit: number,
  dayLabel: (day: string) => string,
) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + row.visits);
  const keys = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key]) => key);
  const points = days.map((day) => {
    const point: Record<string, string | number> = { x: dayLabel(day) };
    for (const key of keys) point[key] = 0;
    for (const row of rows) if (row.day === day && keys.includes(row.key)) point[row.key] = row.visits;
    return point;
  });
  return { keys, points, totals };
}

function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const dayLabel = (day: string) =>
    formatDate(`${day}T00:00:00Z`, language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const pages = dailyLines(
    report.days,
    report.pages.map((row) => ({ day: row.day, key: row.route, visits: row.visits })),
    CHARTED_PAGES,
    dayLabel,
  );
  const names = new Map(report.performers.map((row) => [String(row.actorId), row.name]));
  const performers = dailyLines(
    report.days,
    report.performers.map((row) => ({ day: row.day, key: String(row.actorId), visits: row.visits })),
    report.performers.length,
    dayLabel,
  );
  const pageLines: ChartLine[] = pages.keys.map((route) => ({
    key: route,
    label: t(`routes.${route}`, { defaultValue: route }),
  }));
  const performerLines: ChartLine[] = performers.keys.map((id) => ({ key: id, label: names.get(id) ?? id }));
  const count = (value: number) => formatNumber(value, language);
  return (
    <>
      {pageLines.length ? (
        <LinesChart title={t('operator.analytics.pages')} points={pages.points} lines={pageLines} format={count} />
      ) : (
        <EmptyState title={t('operator.analytics.noPages')} />
      )}
      {performerLines.length ? (
        <LinesChart
          title={t('operator.analytics.performers')}
          points={performers.points}
          lines={performerLines}
          format={count}
        />
      ) : (
        <EmptyState title={t('operator.analytics.noPerformers')} />
      )}
    </>
  );
}

/** Page views per page and profile visits per performer, per day, as charts (operators only on the server). */
export function AnalyticsPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const errorText = useErrorText();
  const [days, setDays] = useState<(typeof SPANS)[number]>(7);
  const analytics = useLoaded(`analytics:${days}`, () =>
    platform.api.rest(loggerEndpoints.analytics, { query: spanOf(days) }),
  );
  const content = () => {
    if (analytics.error)
      return (
        <div className="vv-operator__error" role="alert">
          <p>{t('operator.analytics.unavailable', { reason: errorText(analytics.error) })}</p>
          <Button variant="secondary" size="small" onClick={analytics.retry}>
            {t('common:retry')}
          </Button>
        </div>
      );
    if (!analytics.data) return <Spinner label={t('common:loading')} />;
    return <AnalyticsCharts report={analytics.data} />;
  };
  return (
    <section className="vv-operator__analytics" aria-labelledby="operator-analytics" data-testid="operator-analytics">
      <h2 id="operator-analytics">{t('operator.analytics.title')}</h2>
      <label className="vv-operator__period">
        {t('operator.health.period')}{' '}
        <select value={days} onChange={(event) => setDays(Number(event.target.value) as (typeof SPANS)[number])}>
          {SPANS.map((span) => (
            <option key={span} value={span}>
              {t('operator.analytics.days', { count: span })}
            </option>
          ))}
        </select>
      </label>
      {content()}
    </section>
  );
}
