import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries that hold today, enforced so they keep holding: each web feature stands alone (only
 * web/src/app composes them); the public features never load Firebase; the web app, the function
 * and the domain package never reach into each other's or the scripts' sources; the domain
 * package stays free of any Firebase SDK.
 */
const FEATURES = ['admin', 'apply', 'matching', 'site'];
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
            message: `A feature imports no other feature; move what both need to web/src/components, lib or the domain package.`,
          },
          {
            regex: '(^|/)(functions|scripts)/',
            message: 'The web app does not import the function or the scripts.',
          },
          ...(['site', 'apply'].includes(feature)
            ? [
                {
                  regex: '^(firebase|reactfire)(/|$)|/lib/firebase$',
                  message: 'Public pages load no Firebase SDK: it belongs to the admin area.',
                },
              ]
            : []),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      '.emulator-data/**',
      '.stack/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...featureBoundaries,
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(web|scripts)/',
              message: 'The function imports neither the web app nor the scripts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(firebase|firebase-admin|firebase-functions|reactfire)(/|$)|(^|/)(functions|web|scripts)/',
              message:
                'The domain package is shared by web and functions: no Firebase SDK, no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'web/src/test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
