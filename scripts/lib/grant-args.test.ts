import { GRANT_USAGE, parseGrantArgs, RESET_PASSKEYS_USAGE } from './grant-args';

describe('admin:grant arguments', () => {
  it('targets the emulator by default', () => {
    expect(parseGrantArgs(['a@example.org', 'pw-123456'], {})).toEqual({
      ok: true,
      email: 'a@example.org',
      password: 'pw-123456',
      real: false,
    });
  });

  it('refuses --real without an explicit project, whatever GCLOUD_PROJECT says', () => {
    expect(parseGrantArgs(['a@example.org', '--real'], {})).toEqual({
      ok: false,
      message:
        '--real needs --project <project-id>: the project is never taken from the environment.',
    });
    const withEnv = parseGrantArgs(['a@example.org', '--real'], { GCLOUD_PROJECT: 'prod-1' });
    expect(withEnv).toMatchObject({ ok: false });
  });

  it('takes --project <id> and --project=<id> with --real', () => {
    for (const argv of [
      ['a@example.org', '--real', '--project', 'mentors-prod'],
      ['--project=mentors-prod', '--real', 'a@example.org'],
    ]) {
      expect(parseGrantArgs(argv, {})).toEqual({
        ok: true,
        email: 'a@example.org',
        real: true,
        projectId: 'mentors-prod',
      });
    }
  });

  it('refuses a demo project, a password, or emulator settings with --real', () => {
    const real = ['a@example.org', '--real', '--project'];
    expect(parseGrantArgs([...real, 'demo-mentorship'], {})).toMatchObject({ ok: false });
    expect(parseGrantArgs(['a@example.org', 'pw', '--real', '--project', 'p'], {})).toMatchObject({
      ok: false,
    });
    expect(
      parseGrantArgs([...real, 'p'], { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toMatchObject({ ok: false });
  });

  it('explains the usage on a missing e-mail or an unknown option', () => {
    expect(parseGrantArgs([], {})).toEqual({ ok: false, message: GRANT_USAGE });
    expect(parseGrantArgs(['a@example.org', '--prod'], {})).toMatchObject({ ok: false });
  });
});

describe('admin:reset-passkeys arguments', () => {
  const reset = { usage: RESET_PASSKEYS_USAGE, takesPassword: false };

  it('takes an address, locally or with --real and a project', () => {
    expect(parseGrantArgs(['a@example.org'], {}, reset)).toEqual({
      ok: true,
      email: 'a@example.org',
      real: false,
    });
    expect(
      parseGrantArgs(['a@example.org', '--real', '--project', 'mentors-prod'], {}, reset),
    ).toEqual({ ok: true, email: 'a@example.org', real: true, projectId: 'mentors-prod' });
  });

  it('takes no password, and says its own usage', () => {
    expect(parseGrantArgs(['a@example.org', 'pw-123456'], {}, reset)).toEqual({
      ok: false,
      message: RESET_PASSKEYS_USAGE,
    });
    expect(parseGrantArgs(['a@example.org', '--force'], {}, reset)).toEqual({
      ok: false,
      message: `Unknown option --force. ${RESET_PASSKEYS_USAGE}`,
    });
  });
});
