import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './scripts/lib/import-loops.mjs';

/**
 * Boundaries that hold today, enforced so they keep holding:
 * - no import loop anywhere, type imports included (`layers/no-import-loop`,
 *   scripts/lib/import-loops.mjs);
 * - the function's layers: the platform imports no feature; a feature uses another only through
 *   its entry, `functions/src/<feature>/index.ts`; only the start-up (index.ts, app.ts,
 *   register-features.ts, schedule/) composes the features;
 * - each web feature stands alone (only web/src/app composes them), and the web's shared code
 *   (components, lib, config) imports no feature; the public features never load Firebase;
 * - the web app, the function and the domain package never reach into each other's or the
 *   scripts' sources; the domain package stays free of any Firebase SDK.
 * A folder added under web/src/features or functions/src is a feature, inside these boundaries
 * from the start (the lists are read from the disk).
 */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const anyOf = (names) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

const FEATURES = foldersIn('./web/src/features/');
const PUBLIC_FEATURES = ['applications', 'certificates', 'closing-event', 'nomination', 'site'];
const NO_FUNCTION_OR_SCRIPTS = {
  regex: '(^|/)(functions|scripts)/',
  message: 'The web app does not import the function or the scripts.',
};
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${anyOf(FEATURES.filter((f) => f !== feature))})(/|$)`,
            message: `A feature imports no other feature; move what both need to web/src/components, lib or the domain package.`,
          },
          NO_FUNCTION_OR_SCRIPTS,
          ...(PUBLIC_FEATURES.includes(feature)
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
const webSharedBoundary = {
  files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+features(/|$)',
            message: 'Shared web code imports no feature: web/src/app composes them.',
          },
          NO_FUNCTION_OR_SCRIPTS,
        ],
      },
    ],
  },
};

/**
 * The function's layers (functions/src), from the bottom:
 * - the platform: firebase.ts and the folders below (HTTP, abuse limits and door requests, the
 *   outbox and its delivery, calendar invitations, history, application locks, records): the domain
 *   package and itself only;
 * - the features: every other folder, each with its entry `index.ts`; a feature imports the
 *   platform, the domain package, its own files, and other features through their entries;
 * - the start-up: index.ts, app.ts, register-features.ts and schedule/, which compose the
 *   features through their entries and fill the platform's tables (register-features.ts).
 * `layers/no-import-loop` keeps the features' own imports of each other a one-way order.
 */
const PLATFORM = [
  'abuse',
  'audit',
  'calendar',
  'email',
  'application-locks',
  'health',
  'http',
  'shared',
];
const START_UP_FOLDERS = ['schedule'];
const START_UP_FILES = ['app', 'index', 'register-features'];
const FUNCTION_FEATURES = foldersIn('./functions/src/').filter(
  (folder) => !PLATFORM.includes(folder) && !START_UP_FOLDERS.includes(folder),
);
const NO_WEB_OR_SCRIPTS = {
  regex: '^(\\.\\./)+(web|scripts)/',
  message: 'The function imports neither the web app nor the scripts.',
};
const NO_START_UP = {
  regex: `^(\\.\\./)+(${anyOf([...START_UP_FILES, ...START_UP_FOLDERS])})(/|$)|^\\.\\.(/index)?$`,
  message:
    'Only the start-up (index.ts, app.ts, register-features.ts, schedule/) composes the features; nothing imports it.',
};
const platformImportsNoFeature = (prefix) => ({
  regex: `^${prefix}(${anyOf(FUNCTION_FEATURES)})(/|$)`,
  message:
    'The platform imports no feature. Move what it needs down (into the platform or the domain package), or let the feature fill a table of the platform at start-up (register-features.ts).',
});
const throughEntries = (prefix, features) => ({
  regex: `^${prefix}(${anyOf(features)})/`,
  message:
    "A feature is used only through its entry: import from the feature's folder (its index.ts), not from a file inside it.",
});
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_WEB_OR_SCRIPTS, ...patterns] }],
});
const functionLayers = [
  {
    files: PLATFORM.map((folder) => `functions/src/${folder}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: restrict(platformImportsNoFeature('(\\.\\./)+'), NO_START_UP),
  },
  {
    files: ['functions/src/firebase.ts'],
    rules: restrict(platformImportsNoFeature('\\./'), {
      ...NO_START_UP,
      regex: `^\\./(${anyOf([...START_UP_FILES, ...START_UP_FOLDERS])})(/|$)`,
    }),
  },
  ...FUNCTION_FEATURES.map((feature) => ({
    files: [`functions/src/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      throughEntries(
        '(\\.\\./)+',
        FUNCTION_FEATURES.filter((f) => f !== feature),
      ),
      NO_START_UP,
      {
        regex: '^\\.(/index)?$',
        message:
          "Inside a feature, import the file itself: the feature's own index.ts is for the others.",
      },
    ),
  })),
  {
    files: START_UP_FILES.map((file) => `functions/src/${file}.ts`),
    rules: restrict(throughEntries('\\./', FUNCTION_FEATURES)),
  },
  {
    files: START_UP_FOLDERS.map((folder) => `functions/src/${folder}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: restrict(throughEntries('(\\.\\./)+', FUNCTION_FEATURES)),
  },
];

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
      // A `${…}` in quotes is sent as written: an e-mail once told people "deleted after
      // ${RETENTION.openingAlertMonths} months".
      'no-template-curly-in-string': 'error',
    },
  },
  {
    plugins: { layers },
    rules: { 'layers/no-import-loop': 'error' },
  },
  {
    // Every date and time a person reads goes through the domain's one formatter
    // (packages/domain/src/dates.ts: one locale, the right zone); a date formatted in place
    // printed "07/12/2026" on a US-English page.
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/dates.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/], CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message:
            'Format dates and times with packages/domain/src/dates.ts (formatDate, formatDateTime, formatInterviewTime, ...).',
        },
      ],
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
  webSharedBoundary,
  {
    files: ['functions/src/**/*.ts'],
    rules: restrict(),
  },
  ...functionLayers,
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
  {
    // Browser tests take `test` from e2e/fixtures.ts, which closes the browsers a test opens.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Import `test` from e2e/fixtures.ts: it closes the browsers a test opens, which Playwright's own leaves running for the rest of the lane.",
            },
          ],
        },
      ],
    },
  },
);
