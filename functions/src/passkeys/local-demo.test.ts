import { localDemoAllowed } from './local-demo';

const emulator = {
  FUNCTIONS_EMULATOR: 'true',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  LOCAL_DEMO_ADMIN: 'admin@example.org',
};

describe('the local demo sign-in', () => {
  it('lets the demo administrator in on the local emulators', () => {
    expect(localDemoAllowed(emulator, 'Admin@example.org')).toBe(true);
  });

  it('refuses outside the Functions emulator, whatever else is set', () => {
    expect(
      localDemoAllowed({ ...emulator, FUNCTIONS_EMULATOR: undefined }, 'admin@example.org'),
    ).toBe(false);
    expect(
      localDemoAllowed({ ...emulator, FUNCTIONS_EMULATOR: 'false' }, 'admin@example.org'),
    ).toBe(false);
    expect(localDemoAllowed({ LOCAL_DEMO_ADMIN: 'admin@example.org' }, 'admin@example.org')).toBe(
      false,
    );
  });

  it('refuses without the Auth emulator, without the named address, and for anyone else', () => {
    expect(
      localDemoAllowed(
        { ...emulator, FIREBASE_AUTH_EMULATOR_HOST: undefined },
        'admin@example.org',
      ),
    ).toBe(false);
    expect(
      localDemoAllowed({ ...emulator, LOCAL_DEMO_ADMIN: undefined }, 'admin@example.org'),
    ).toBe(false);
    expect(localDemoAllowed(emulator, 'other@example.org')).toBe(false);
    expect(localDemoAllowed(emulator, undefined)).toBe(false);
  });
});
