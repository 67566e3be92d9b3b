import { FIREBASE_WEB_CONFIG_KEYS, incompleteWebConfig } from '../../web/build-config';

const complete = Object.fromEntries(FIREBASE_WEB_CONFIG_KEYS.map((key) => [key, `value-${key}`]));

describe('the production web build', () => {
  it('accepts a complete Firebase web config', () => {
    expect(incompleteWebConfig(complete)).toBeUndefined();
  });

  it('refuses, in one line naming the key, a config with a key missing or blank', () => {
    const { VITE_FIREBASE_APP_ID: _dropped, ...withoutAppId } = complete;
    expect(incompleteWebConfig(withoutAppId)).toBe(
      'Production build refused: the Firebase web config lacks VITE_FIREBASE_APP_ID (npm run setup -- --project <id> writes web/.env.production; README, Deploying).',
    );
    const blank = incompleteWebConfig({ ...complete, VITE_FIREBASE_PROJECT_ID: '  ' });
    expect(blank).toContain('lacks VITE_FIREBASE_PROJECT_ID (');
    expect(incompleteWebConfig({})).toContain(FIREBASE_WEB_CONFIG_KEYS.join(', '));
  });
});
