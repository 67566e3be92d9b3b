/**
 * The `--disable-features` value the browser tests start Chromium with.
 *
 * Chromium keeps only the last `--disable-features` switch of its command line, and Playwright
 * passes one of its own before ours: so ours repeats Playwright's list (1.65's, kept in step by
 * scripts/lib/chromium-features.test.ts) and adds the two WebUI omnibox popups. Chromium 156
 * preloads them in a renderer of their own for every new window, and every browser context a test
 * opens is a new window: measured on 15 contexts, Chromium spent 11.8 CPU-seconds with them and
 * 4.7 without. Headless, nobody ever sees an omnibox.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const DISABLED_FEATURES = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
