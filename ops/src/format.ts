import type { DeploymentLogEntry, RemoteHealth } from '@velvet/contracts';

const percent = (share: unknown) => `${Math.round(Number(share) * 1000) / 10} %`;

/** One line of the registry log; an auto-rollback says why in words instead of its raw figures. */
export function describeLogEntry(entry: DeploymentLogEntry): string {
  const what = [entry.tenant, entry.remote, entry.version].filter(Boolean).join(' ');
  const from = entry.previousVersion ? ` (was ${entry.previousVersion})` : '';
  let detail = entry.detail ? ` ${JSON.stringify(entry.detail)}` : '';
  if (entry.action === 'auto-rollback' && entry.detail) {
    const { loads, failures, failureShare, minLoads, threshold } = entry.detail;
    detail =
      `: canary ended, ${String(failures)} of ${String(loads)} loads failed (${percent(failureShare)}; ` +
      `limit ${percent(threshold)} of at least ${String(minLoads)} loads)`;
  }
  return `${entry.at}  ${entry.actor.padEnd(22)} ${entry.action.padEnd(13)} ${what}${from}${detail}`;
}

/** One line of the health view: a tenant's loads of one remote version on one channel. */
export function describeHealth(item: RemoteHealth): string {
  const times = item.p50Ms === null ? 'no successful load' : `p50 ${item.p50Ms} ms, p95 ${item.p95Ms ?? '-'} ms`;
  const last = item.lastFailure
    ? `; last failure ${item.lastFailure.at} at ${item.lastFailure.stage}${item.lastFailure.error ? `: ${item.lastFailure.error}` : ''}`
    : '';
  return (
    `${item.tenant.padEnd(10)} ${item.remote.padEnd(12)} ${item.version} ${item.channel}: ${item.loads} loads, ` +
    `${item.failures} failed (${percent(item.failureShare)}), ${times}${last}`
  );
}
