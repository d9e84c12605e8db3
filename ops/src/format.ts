import type { DeploymentLogEntry } from '@velvet/contracts';

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
