import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loggerEndpoints, telemetryEndpoints, type AnalyticsReport } from '@velvet/contracts';
import { restFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { useShell } from '../layout/ShellContext';
import { useOperatorStrings } from './strings';
import { AnalyticsPanel, dailyLines } from './AnalyticsPanel';
import { HealthCharts, channelPoints } from './HealthCharts';

function WithStrings({ children }: { children: React.ReactNode }) {
  useOperatorStrings(useShell().i18n);
  return <>{children}</>;
}

const report: AnalyticsReport = {
  days: ['2026-03-01', '2026-03-02', '2026-03-03'],
  pages: [
    { day: '2026-03-01', route: 'home', visits: 12 },
    { day: '2026-03-02', route: 'home', visits: 7 },
    { day: '2026-03-02', route: 'videos', visits: 30 },
  ],
  performers: [
    { day: '2026-03-01', actorId: 4, name: 'anna', visits: 3 },
    { day: '2026-03-03', actorId: 9, name: 'bea', visits: 5 },
  ],
};

/** The names of the lines a chart draws, as its legend shows them. */
const legend = (chart: HTMLElement) =>
  [...chart.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);

describe('operator console charts', () => {
  it('puts visits per day into points with a line per page, the most viewed first, 0 on days without', () => {
    const lines = dailyLines(
      report.days,
      report.pages.map((row) => ({ day: row.day, key: row.route, visits: row.visits })),
      8,
      (day) => day.slice(8),
    );
    expect(lines.keys).toEqual(['videos', 'home']);
    expect(lines.points).toEqual([
      { x: '01', videos: 0, home: 12 },
      { x: '02', videos: 30, home: 7 },
      { x: '03', videos: 0, home: 0 },
    ]);
    expect(dailyLines(report.days, [{ day: '2026-03-01', key: 'a', visits: 1 }], 0, String).keys).toEqual([]);
  });

  it('draws the analytics as line charts of page views and profile visits from the server’s sums', async () => {
    const asked: unknown[] = [];
    const rest = restFixture(loggerEndpoints.analytics, ({ query }) => {
      asked.push(query);
      return report;
    });
    renderInShell(
      <WithStrings>
        <AnalyticsPanel />
      </WithStrings>,
      { platform: { loggedIn: true, guest: { flags: { operator: true } }, rest } },
    );
    const pages = await screen.findByRole('figure', { name: 'Page views per page and day' });
    await waitFor(() => expect(legend(pages)).toEqual(['videos', 'home']));
    expect(pages.querySelectorAll('.recharts-line')).toHaveLength(2);
    const performers = screen.getByRole('figure', { name: 'Profile visits per performer and day' });
    await waitFor(() => expect(legend(performers)).toEqual(['bea', 'anna']));
    expect(asked).toHaveLength(1);
    const span = asked[0] as { from: string; to: string };
    expect((Date.parse(span.to) - Date.parse(span.from)) / 86_400_000).toBe(6);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    await waitFor(() => expect(asked).toHaveLength(2));
    const month = asked[1] as { from: string; to: string };
    expect((Date.parse(month.to) - Date.parse(month.from)) / 86_400_000).toBe(29);
  });

  it('says so when there were no visits', async () => {
    const rest = restFixture(loggerEndpoints.analytics, () => ({ days: report.days, pages: [], performers: [] }));
    renderInShell(
      <WithStrings>
        <AnalyticsPanel />
      </WithStrings>,
      { platform: { loggedIn: true, guest: { flags: { operator: true } }, rest } },
    );
    expect(await screen.findByText('No page views in this period.')).toBeInTheDocument();
    expect(screen.getByText('No profile visits in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('charts failure share and load time over time, canary beside pinned, for the chosen remote', async () => {
    const points = [
      {
        at: '2026-06-01T11:00:00.000Z',
        channel: 'canary' as const,
        loads: 2,
        failures: 1,
        failureShare: 0.5,
        p50Ms: 700,
      },
      {
        at: '2026-06-01T11:00:00.000Z',
        channel: 'pinned' as const,
        loads: 2,
        failures: 0,
        failureShare: 0,
        p50Ms: 200,
      },
      {
        at: '2026-06-01T11:58:00.000Z',
        channel: 'pinned' as const,
        loads: 3,
        failures: 2,
        failureShare: 2 / 3,
        p50Ms: 120,
      },
    ];
    expect(channelPoints(points, (at) => at.slice(11, 16))).toEqual([
      { x: '11:00', pinnedShare: 0, pinnedP50: 200, canaryShare: 0.5, canaryP50: 700 },
      { x: '11:58', pinnedShare: 2 / 3, pinnedP50: 120, canaryShare: null, canaryP50: null },
    ]);
    const asked: unknown[] = [];
    const rest = restFixture(telemetryEndpoints.healthSeries, ({ query }) => {
      asked.push(query);
      return { bucketMinutes: 2, points };
    });
    renderInShell(
      <WithStrings>
        <HealthCharts minutes={60} />
      </WithStrings>,
      { platform: { loggedIn: true, guest: { flags: { operator: true } }, rest } },
    );
    const share = await screen.findByRole('figure', { name: 'Failure share of mf-chat over time' });
    await waitFor(() => expect(legend(share)).toEqual(['pinned', 'canary']));
    const time = screen.getByRole('figure', { name: 'Load time (p50) of mf-chat over time' });
    expect(time.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(asked).toEqual([{ remote: 'mf-chat', minutes: 60 }]);

    fireEvent.change(within(screen.getByTestId('operator-health-charts')).getByLabelText('Remote'), {
      target: { value: 'mf-tv' },
    });
    expect(await screen.findByRole('figure', { name: 'Failure share of mf-tv over time' })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ remote: 'mf-tv', minutes: 60 });
  });
});
