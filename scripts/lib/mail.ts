/**
 * The local inbox: MailDev (an SMTP server with a web inbox and a REST API) on loopback, behind a
 * small TCP relay that the Functions emulator sends to. Tests can take the relay "down" and "up"
 * (POST <control>/down, /up) to see a delivery fail, be retried and arrive once.
 *
 * Ports: MAIL_PORTS plus the stack's offset.
 */
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { MailDev } from 'maildev';

export const MAIL_PORTS = { relay: 1025, smtp: 1026, web: 1080, control: 1081 };

export interface LocalMail {
  /** What the function sends to (the relay). */
  smtpUrl: string;
  /** The web inbox and its REST API (`GET /api/email`). */
  inboxUrl: string;
  /** POST /down refuses SMTP connections, POST /up lets them through again. */
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
  await maildev.start();

  let down = false;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    if (down) {
      client.destroy();
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
    client.pipe(upstream).pipe(client);
  });
  const control = createHttpServer((req, res) => {
    if (req.method === 'POST' && (req.url === '/down' || req.url === '/up')) {
      down = req.url === '/down';
      if (down) for (const s of sockets) s.destroy();
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
