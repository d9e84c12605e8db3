import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATOR } from './tests/operator-account';
import { PINNED_PERFORMERS } from './tests/pinned-performers';

// The end-to-end tests drive the built site in Debian's Chromium, against a server on its own port and a
// fresh data directory, so they run the same on a developer machine and in CI.
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'velvet-e2e-'));
// The server's mails go over SMTP to a sink on loopback that writes each into this folder (tests/mail.ts reads
// it). Set here once: the workers load this file again and inherit the runner's environment.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 25);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'velvet-e2e-mail-'));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: 'node --import tsx src/testing/smtp-sink.ts',
      cwd: join(import.meta.dirname, '..', 'server'),
      port: smtpPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(smtpPort), SMTP_SINK_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: 'node --import tsx src/main.ts',
      cwd: join(import.meta.dirname, '..', 'server'),
      url: `http://localhost:${port}/rest/v1/alive`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // The specs sign up more guests from one address than a site allows in an hour.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DAY_MINUTES: '240',
        DEMO_ALWAYS_ONLINE: Object.values(PINNED_PERFORMERS).join(','),
        OPERATOR_PASSWORD: OPERATOR.password,
        SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
        ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
        // The browsers run beside the server on two cores: a part left to the browser because the machine was busy
        // would fail a server-rendering test by load, not by a fault. The budget itself is the bench's to measure.
        RENDER_BUDGET_MS: '3000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: `http://localhost:${port}`,
      },
    },
  ],
});
