import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A mail as the loopback SMTP sink of the test server wrote it (server/src/testing/smtp-sink.ts). */
export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: string[];
}

const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is set by playwright.config.ts');
  return dir;
};

/** The newest mail to `to` whose subject matches, once the sink has it. */
export async function mailTo(to: string, subject: RegExp): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(mailDir())
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse();
        for (const name of files) {
          const mail = JSON.parse(readFileSync(join(mailDir(), name), 'utf8')) as SunkMail;
          if (mail.to.includes(to) && subject.test(mail.subject)) return (found = mail);
        }
        return undefined;
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The address of the mail's link into the site, read from its plain-text part. */
export function linkIn(mail: SunkMail, path: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname));
  if (!link) throw new Error(`no link matching ${path} in: ${mail.text}`);
  return link;
}
