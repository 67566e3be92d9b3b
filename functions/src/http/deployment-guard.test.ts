import type { AddressInfo } from 'node:net';
import {
  MISCONFIGURED_MESSAGE,
  emulatorMisconfiguration,
  misconfiguredApp,
} from './deployment-guard';

describe('emulatorMisconfiguration', () => {
  it('allows a deployed function without emulator variables', () => {
    expect(emulatorMisconfiguration({ GCLOUD_PROJECT: 'prod' })).toBeUndefined();
  });

  it('allows emulator variables inside the Functions emulator', () => {
    expect(
      emulatorMisconfiguration({
        FUNCTIONS_EMULATOR: 'true',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      }),
    ).toBeUndefined();
  });

  it.each([
    [{ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /FIREBASE_AUTH_EMULATOR_HOST is set/],
    [{ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }, /FIRESTORE_EMULATOR_HOST is set/],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: 'a:1', FIRESTORE_EMULATOR_HOST: 'b:2' },
      /FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST are set/,
    ],
    [
      { FUNCTIONS_EMULATOR: 'false', FIREBASE_AUTH_EMULATOR_HOST: 'a:1' },
      /FIREBASE_AUTH_EMULATOR_HOST is set/,
    ],
    [{ FUNCTIONS_EMULATOR: '1', FIRESTORE_EMULATOR_HOST: 'b:2' }, /FIRESTORE_EMULATOR_HOST/],
  ])('refuses %j outside the emulator', (env, reason) => {
    expect(emulatorMisconfiguration(env)).toMatch(reason);
  });

  it('names the variables but never their values', () => {
    const reason = emulatorMisconfiguration({ FIRESTORE_EMULATOR_HOST: 'secret-host:8080' });
    expect(reason).not.toContain('secret-host');
  });
});

describe('misconfiguredApp', () => {
  it('answers every request 500 misconfigured and logs the reason once', async () => {
    const log = jest.fn();
    const app = misconfiguredApp('FIRESTORE_EMULATOR_HOST is set', log);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.any(String), {
      reason: 'FIRESTORE_EMULATOR_HOST is set',
    });

    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const [method, path, body] of [
        ['GET', '/api/health', undefined],
        ['POST', '/api/student-registration', '{"fullName":"Ana"}'],
        ['GET', '/api/admin/students', undefined],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          body,
          headers: body ? { 'Content-Type': 'application/json' } : undefined,
        });
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({
          error: { code: 'misconfigured', message: MISCONFIGURED_MESSAGE },
        });
      }
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
