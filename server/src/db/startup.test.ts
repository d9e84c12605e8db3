import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { TEST_OPERATOR_PASSWORD } from '../testing/app';
import { startPostgres } from '../testing/postgres';

/** Ports of this test's own (the takeover test takes 18740 and 18741). */
const PORTS = [18742, 18743, 18744];

const postgres = await startPostgres();
const children: ChildProcess[] = [];
after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await postgres?.stop();
});

/** A server process's output until it serves (or the reason it ended first). */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      if (out.includes('listening')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`a server ended (${code}) before it served: ${out}`)));
  });
}

test(
  'three processes started together on a fresh PostgreSQL migrate it once and seed it once',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)', timeout: 240_000 },
  async () => {
    const url = await postgres!.createDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-startup-'));
    try {
      const outputs = await Promise.all(
        PORTS.map((port) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/server-process.ts'], {
            cwd: path.join(import.meta.dirname, '../..'),
            env: {
              ...process.env,
              PORT: String(port),
              DATABASE_URL: url,
              DATA_DIR: dataDir,
              LOG_LEVEL: 'warn',
              SERVER_RENDER: 'off',
              OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
              TEST_SEED: '1',
              SEED_SCALE: '0.01',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          children.push(child);
          return started(child);
        }),
      );
      assert.equal(outputs.filter((out) => out.includes('seeded')).length, 1, 'one of them seeded');

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows: tables } = await client.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'drizzle'",
        );
        assert.ok(tables.length > 10, 'every module kept its migrations');
        for (const { name } of tables) {
          const { rows } = await client.query<{ hash: string }>(
            `select hash from drizzle."${name}" group by hash having count(*) > 1`,
          );
          assert.deepEqual(rows, [], `${name}: each migration applied once`);
        }
        const { rows: seeds } = await client.query('select id from seed_runs');
        assert.equal(seeds.length, 1);
      } finally {
        await client.end();
      }
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.all(
        children.map((child) =>
          child.exitCode === null && child.signalCode === null
            ? new Promise((resolve) => child.once('exit', resolve))
            : null,
        ),
      );
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
