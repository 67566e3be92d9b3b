import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from '../../e2e/chromium-features';
import { ROOT } from './paths';

/**
 * The browser tests' `--disable-features` replaces Playwright's own (Chromium keeps the last
 * one), so it must hold every feature the installed Playwright disables: after an upgrade that
 * adds one, this fails and names it.
 */
describe("the browser tests' disabled Chromium features", () => {
  it('include every feature the installed Playwright disables', () => {
    const core = join(ROOT, 'node_modules', 'playwright-core', 'lib', 'coreBundle.js');
    const source = readFileSync(core, 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(source)?.[1];
    expect(list).toBeDefined();
    const features = [...(list ?? '').matchAll(/^\s*"([A-Za-z]+)"/gm)].map((m) => m[1]);
    expect(features.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(features));
    expect(DISABLED_FEATURES).toEqual(
      expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
    );
  });
});
