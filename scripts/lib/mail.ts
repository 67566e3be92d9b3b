/**
 * The local inbox: MailDev (an SMTP server with a web inbox and a REST API) on loopback, behind a
 * small TCP relay that the Functions emulator sends to. Tests can take the relay "down" and "up"
 * (POST <control>/down, /up) to see a delivery fail, be retried and arrive once; make it answer
 * every connection "421 try again later" (POST /busy, until /up), as a provider does under a
 * burst; and refuse one address for good (POST /refuse?address=..., "550 no such mailbox" to
 * its RCPT TO, as for an address that does not exist; POST /accept?address=... undoes it).
 *
 * Ports: MAIL_PORTS plus the stack's offset.
 */
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { MailDev } from 'maildev';

export const MAIL_PORTS = { relay: 1025, smtp: 1026, web: 1080, control: 1081 };

interface LocalMail {
  /** What the function sends to (the relay). */
  smtpUrl: string;
  /** The web inbox and its REST API (`GET /api/email`). */
  inboxUrl: string;
  /** POST /down refuses SMTP connections, /busy answers 421, /up lets them through again. */
  controlUrl: string;
  stop(): Promise<void>;
}

export async function startLocalMail(offset = 0): Promise<LocalMail> {
  const port = (name: keyof typeof MAIL_PORTS) => MAIL_PORTS[name] + offset;
  const maildev = new MailDev({
    smtp: port('smtp'),
    web: port('web'),
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  const { storage } = await maildev.start();

  let down = false;
  let busy = false;
  const refused = new Set<string>();
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    if (busy) {
      client.end('421 4.3.2 Service busy, try again later\r\n');
      return;
    }
    const upstream = connect(port('smtp'), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Commands pass line by line (nodemailer waits for each answer), the message body as is; a
    // RCPT TO of a refused address is answered here and never reaches MailDev.
    let pending = '';
    let inData = false;
    client.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end + 2);
        pending = pending.slice(end + 2);
        const command = line.trim();
        if (inData) {
          if (command === '.') inData = false;
        } else if (/^DATA$/i.test(command)) {
          inData = true;
        } else {
          const rcpt = /^RCPT TO:\s*<([^>]*)>/i.exec(command);
          if (rcpt && refused.has((rcpt[1] ?? '').toLowerCase())) {
            client.write('550 5.1.1 No such mailbox here\r\n');
            continue;
          }
        }
        upstream.write(Buffer.from(line, 'latin1'));
      }
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  });
  const control = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'POST' && ['/down', '/up', '/busy'].includes(url.pathname)) {
      down = url.pathname === '/down';
      busy = url.pathname === '/busy';
      if (down) for (const s of sockets) s.destroy();
      res.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    if (req.method === 'GET' && url.pathname === '/mail' && to) {
      // The messages to one address (any letter case), as MailDev's `GET /api/email` gives
      // them: its own filter matches exact values only, and the whole inbox grows with every
      // message a lane sends.
      void storage.getAll().then(
        (all) => {
          const mine = all.filter((m) => m.to?.some((r) => r.address?.toLowerCase() === to));
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mine));
        },
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return;
    }
    const address = url.searchParams.get('address');
    if (req.method === 'POST' && ['/refuse', '/accept'].includes(url.pathname) && address) {
      if (url.pathname === '/refuse') refused.add(address.toLowerCase());
      else refused.delete(address.toLowerCase());
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404).end();
  });
  await Promise.all([
    new Promise<void>((resolve) => relay.listen(port('relay'), '127.0.0.1', resolve)),
    new Promise<void>((resolve) => control.listen(port('control'), '127.0.0.1', resolve)),
  ]);

  return {
    smtpUrl: `smtp://127.0.0.1:${port('relay')}`,
    inboxUrl: `http://127.0.0.1:${port('web')}`,
    controlUrl: `http://127.0.0.1:${port('control')}`,
    async stop() {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise((resolve) => relay.close(resolve)),
        new Promise((resolve) => control.close(resolve)),
        maildev.stop(),
      ]);
    },
  };
}

/**
 * The e-mail settings the function reads (email/config.ts), for the Functions emulator: a
 * `.env.local` in the stack's copy of the functions' configDir (it overrides the tracked
 * functions/config/.env in the emulator only) and the secret in the function's folder.
 */
export function writeFunctionMailConfig(
  configDir: string,
  functionsDist: string,
  mail: LocalMail,
  siteUrl: string,
): void {
  writeFileSync(
    join(configDir, '.env.local'),
    [
      'MAIL_FROM="Bridge Mentorship Program <hello@bridgementorship.org>"',
      'COORDINATOR_EMAILS=coordinators@bridgementorship.org',
      `SITE_URL=${siteUrl}`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(functionsDist, '.secret.local'), `SMTP_URL=${mail.smtpUrl}\n`);
}
