/**
 * The production rehearsal's stand-in for Google's API hosts: one local TLS server that answers
 * as firestore.googleapis.com, identitytoolkit.googleapis.com and securetoken.googleapis.com
 * (Chromium maps the three names to it with --host-resolver-rules) and passes every request on
 * to the emulators: Firestore's emulator serves the production paths (WebChannel included) as
 * they are; the Auth emulator serves them under /identitytoolkit.googleapis.com/... and
 * /securetoken.googleapis.com/.... So a production build's SDK code runs unchanged, against
 * https:// URLs and the CSP that firebase.json sends.
 *
 * The certificate is self-signed, made at start with the system's `openssl` (the browser is
 * told to accept it: Playwright's ignoreHTTPSErrors).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const GOOGLE_API_HOSTS = [
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  'securetoken.googleapis.com',
] as const;

export interface GoogleApiProxy {
  port: number;
  /** Chromium's --host-resolver-rules value that sends the three hosts here. */
  hostResolverRules: string;
  /** Every request passed on, as "host path" (for the rehearsal's report on failure). */
  seen: string[];
  stop(): Promise<void>;
}

function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  mkdirSync(dir, { recursive: true });
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${GOOGLE_API_HOSTS[0]}`,
      '-addext',
      `subjectAltName=${GOOGLE_API_HOSTS.map((h) => `DNS:${h}`).join(',')}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) {
    throw new Error(
      `Missing: openssl, for the rehearsal's self-signed certificate (${made.error?.message ?? made.stderr.trim()}). Install it with \`apt-get install -y openssl\`.`,
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export async function startGoogleApiProxy(
  ports: { auth: number; firestore: number },
  certDir: string,
): Promise<GoogleApiProxy> {
  const seen: string[] = [];
  const target = (host: string, path: string) => {
    if (host === 'firestore.googleapis.com') return { port: ports.firestore, path };
    if (host === 'identitytoolkit.googleapis.com' || host === 'securetoken.googleapis.com') {
      return { port: ports.auth, path: `/${host}${path}` };
    }
    return undefined;
  };
  const server: Server = createServer(selfSignedCertificate(certDir), (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const to = target(host, req.url ?? '/');
    seen.push(`${req.method} ${host}${req.url ?? ''}`);
    if (!to) {
      res.writeHead(421).end(`Not one of ${GOOGLE_API_HOSTS.join(', ')}`);
      return;
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: to.port,
        method: req.method,
        path: to.path,
        headers: { ...req.headers, host: `127.0.0.1:${to.port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // WebChannel streams: pass every chunk on as it comes.
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hostResolverRules: GOOGLE_API_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(','),
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
