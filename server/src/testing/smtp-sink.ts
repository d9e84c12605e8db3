import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server on loopback for the end-to-end tests: the test server sends its mails here over SMTP
 * (SMTP_URL), and each mail it takes is written as JSON into SMTP_SINK_DIR (recipients, subject, both parts,
 * the header lines), one file per mail, numbered in arrival order, so the browser tests can follow the links.
 */
const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR;
if (!port || !dir) throw new Error('SMTP_SINK_PORT and SMTP_SINK_DIR are needed');
mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, _session, callback) => {
    simpleParser(stream).then((mail) => {
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) =>
        list.value.map((address) => address.address ?? ''),
      );
      const record = {
        to,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        headers: mail.headerLines.map((line) => line.line),
      };
      const file = path.join(dir, `${String(++count).padStart(6, '0')}.json`);
      // Written whole, then renamed: a reader never sees half a mail.
      writeFileSync(`${file}.part`, JSON.stringify(record));
      renameSync(`${file}.part`, file);
      callback();
    }, callback);
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
