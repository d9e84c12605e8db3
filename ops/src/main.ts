import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  REMOTE_NAMES,
  registryEndpoints,
  remoteVersion,
  telemetryEndpoints,
  type RemoteName,
  type TenantDetails,
  type TenantRemote,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { buildRemote } from './build';
import { connect, connectionFromEnv, type OperatorClient } from './client';
import { describeHealth, describeLogEntry } from './format';

const remoteArgument = (value: string): RemoteName => {
  if (!(REMOTE_NAMES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`not a remote; one of ${REMOTE_NAMES.join(', ')}`);
  return value as RemoteName;
};
const versionArgument = (value: string): string => {
  if (!remoteVersion.safeParse(value).success) throw new InvalidArgumentError('not a semver version');
  return value;
};
const percentArgument = (value: string): number => {
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new InvalidArgumentError('a whole number from 0 to 100');
  return percent;
};
const collect = (value: string, previous: string[]) => [...previous, value];

const describePin = (tenant: string, pin: TenantRemote) =>
  `${tenant}: ${pin.remote} ${pin.version}` +
  (pin.canaryVersion ? ` (canary ${pin.canaryVersion} for ${pin.canaryPercent}%)` : '');

function printTenant(tenant: TenantDetails) {
  const on = Object.entries(tenant.features).filter(([, enabled]) => enabled);
  const off = Object.entries(tenant.features).filter(([, enabled]) => !enabled);
  console.log(
    `${tenant.id}  ${tenant.brand}  hosts: ${tenant.hosts.join(', ') || '-'}  languages: ${tenant.languages.join(', ')}`,
  );
  console.log(
    `  features on: ${on.map(([key]) => key).join(', ') || '-'}; off: ${off.map(([key]) => key).join(', ') || '-'}`,
  );
  for (const pin of tenant.remotes) console.log(`  ${describePin(tenant.id, pin).slice(tenant.id.length + 2)}`);
}

/** Runs one command against the server with the operator logged in; API errors print their stable code. */
const withClient =
  <A extends unknown[]>(action: (client: OperatorClient, ...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await action(await connect(connectionFromEnv()), ...args);
    } catch (error) {
      if (error instanceof ApiError) console.error(`error ${error.code} (${error.status}): ${error.message}`);
      else if (error instanceof TypeError && error.message === 'fetch failed')
        console.error(`cannot reach ${connectionFromEnv().url}: is the server running? (VELVET_URL)`);
      else console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  };

const tenantOption = () => new Option('-t, --tenant <tenant>', 'tenant id, e.g. velvet or amora').makeOptionMandatory();

const program = new Command('ops')
  .description(
    'Operate a running Velvet server: VELVET_URL (default http://localhost:8080), as VELVET_OPERATOR_EMAIL ' +
      '(default operator@velvet.test) with VELVET_OPERATOR_PASSWORD (required).',
  )
  .showHelpAfterError();

program
  .command('deploy')
  .description('build one remote alone and publish it as a new version (no tenant loads it before pin or canary)')
  .argument('<remote>', 'e.g. mf-tv', remoteArgument)
  .option('--source <folder>', "the remote's folder to build (default: this repository's, e.g. mf-tv/)")
  .option('--pin <tenant>', 'pin the new version for this tenant once published (repeatable)', collect, [])
  .action(
    withClient(async (client, remote: RemoteName, options: { source?: string; pin: string[] }) => {
      const started = performance.now();
      const build = await buildRemote(remote, options.source ? path.resolve(options.source) : undefined);
      const built = performance.now();
      const published = await client.upload(remote, build.version, build.archive);
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      console.log(
        `published ${published.remote} ${published.version} (${published.files} files, ` +
          `${(build.archive.length / 1024).toFixed(0)} KiB) in ${seconds(performance.now() - started)} s ` +
          `(build ${seconds(built - started)} s, upload ${seconds(performance.now() - built)} s)`,
      );
      // A team ships a page with one command; each pin is checked (routes, platform range) as `ops pin` is.
      for (const tenant of options.pin) {
        const pin = await client.rest(registryEndpoints.pin, {
          params: { tenantId: tenant, remote },
          body: { version: published.version },
        });
        console.log(`pinned ${describePin(tenant, pin)}`);
      }
      if (options.pin.length === 0) {
        console.log(`next: ops canary ${remote} ${published.version} <percent> --tenant <tenant>, or ops pin`);
      }
    }),
  );

program
  .command('pin')
  .description("pin a published version for a tenant (the version before becomes the rollback's target)")
  .argument('<remote>', 'e.g. mf-tv', remoteArgument)
  .argument('<version>', 'a published version', versionArgument)
  .addOption(tenantOption())
  .action(
    withClient(async (client, remote: RemoteName, version: string, options: { tenant: string }) => {
      const pin = await client.rest(registryEndpoints.pin, {
        params: { tenantId: options.tenant, remote },
        body: { version },
      });
      console.log(`pinned ${describePin(options.tenant, pin)}`);
    }),
  );

program
  .command('canary')
  .description('give a share of a tenant\u2019s visitors (sticky per visitor) a published version; 0 ends it')
  .argument('<remote>', 'e.g. mf-tv', remoteArgument)
  .argument('<version>', 'a published version', versionArgument)
  .argument('<percent>', '0 to 100', percentArgument)
  .addOption(tenantOption())
  .action(
    withClient(async (client, remote: RemoteName, version: string, percent: number, options: { tenant: string }) => {
      const pin = await client.rest(registryEndpoints.canary, {
        params: { tenantId: options.tenant, remote },
        body: { version, percent },
      });
      console.log(`canary ${describePin(options.tenant, pin)}`);
    }),
  );

program
  .command('promote')
  .description("make a tenant's canary its pinned version")
  .argument('<remote>', 'e.g. mf-tv', remoteArgument)
  .addOption(tenantOption())
  .action(
    withClient(async (client, remote: RemoteName, options: { tenant: string }) => {
      const pin = await client.rest(registryEndpoints.promote, { params: { tenantId: options.tenant, remote } });
      console.log(`promoted ${describePin(options.tenant, pin)}`);
    }),
  );

program
  .command('rollback')
  .description('end a running canary, else pin the version pinned before; every tenant unless --tenant')
  .argument('<remote>', 'e.g. mf-tv', remoteArgument)
  .option('-t, --tenant <tenant>', 'only this tenant')
  .action(
    withClient(async (client, remote: RemoteName, options: { tenant?: string }) => {
      const tenantIds = options.tenant
        ? [options.tenant]
        : (await client.rest(registryEndpoints.tenants)).items
            .filter((tenant) => tenant.remotes.some((pin) => pin.remote === remote))
            .map((tenant) => tenant.id);
      let rolledBack = 0;
      for (const tenantId of tenantIds) {
        try {
          const pin = await client.rest(registryEndpoints.rollback, { params: { tenantId, remote } });
          console.log(`rolled back ${describePin(tenantId, pin)}`);
          rolledBack += 1;
        } catch (error) {
          // Across all tenants, one that has nothing to roll back is no failure.
          if (!options.tenant && error instanceof ApiError && error.code === 'NOTHING_TO_ROLL_BACK') {
            console.log(`${tenantId}: nothing to roll back`);
          } else throw error;
        }
      }
      if (rolledBack === 0 && !options.tenant) {
        console.error(`no tenant had an earlier version of ${remote}`);
        process.exitCode = 1;
      }
    }),
  );

program
  .command('tenants')
  .description('list tenants with their features and the version of each remote')
  .action(
    withClient(async (client) => {
      for (const tenant of (await client.rest(registryEndpoints.tenants)).items) printTenant(tenant);
    }),
  );

program
  .command('features')
  .description("show or switch a tenant's features (takes effect on the next page load, no deploy)")
  .addOption(tenantOption())
  .option('--on <feature>', 'switch on (repeatable)', collect, [])
  .option('--off <feature>', 'switch off (repeatable)', collect, [])
  .action(
    withClient(async (client, options: { tenant: string; on: string[]; off: string[] }) => {
      const tenant =
        options.on.length || options.off.length
          ? await client.rest(registryEndpoints.features, {
              params: { tenantId: options.tenant },
              body: { on: options.on, off: options.off },
            })
          : (await client.rest(registryEndpoints.tenants)).items.find((t) => t.id === options.tenant);
      if (!tenant) throw new ApiError(404, 'NOT_FOUND', `No tenant ${options.tenant}`);
      printTenant(tenant);
    }),
  );

program
  .command('deployments')
  .description('the registry log, newest first: uploads, pins, canaries, promotions, rollbacks, feature switches')
  .option('--remote <remote>', 'only this remote', remoteArgument)
  .option('-t, --tenant <tenant>', 'only this tenant')
  .option('-n, --limit <count>', 'entries to show (at most 100)', (value) => Number(value), 30)
  .action(
    withClient(async (client, options: { remote?: RemoteName; tenant?: string; limit: number }) => {
      const log = await client.rest(registryEndpoints.deployments, {
        query: {
          page: 1,
          pageSize: Math.min(Math.max(options.limit, 1), 100),
          ...(options.remote ? { remote: options.remote } : {}),
          ...(options.tenant ? { tenant: options.tenant } : {}),
        },
      });
      for (const entry of log.items) console.log(describeLogEntry(entry));
      console.log(`${log.items.length} of ${log.total}`);
    }),
  );

program
  .command('health')
  .description("remote loads reported by browsers and the server's renders, per tenant, remote, version and channel")
  .option('-t, --tenant <tenant>', 'only this tenant')
  .option('-m, --minutes <minutes>', 'over the last minutes (at most 10080)', (value) => Number(value), 60)
  .action(
    withClient(async (client, options: { tenant?: string; minutes: number }) => {
      const { items } = await client.rest(telemetryEndpoints.health, {
        query: { minutes: options.minutes, ...(options.tenant ? { tenant: options.tenant } : {}) },
      });
      for (const item of items) console.log(describeHealth(item));
      if (items.length === 0) console.log(`no loads reported in the last ${options.minutes} minutes`);
    }),
  );

await program.parseAsync();
