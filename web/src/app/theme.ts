import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default theme with colours that pass WCAG 2.1 AA: the default error text (red.500 on
 * white, 3.76:1) is too light for small text, so error foregrounds use red.700 (6.5:1), and
 * toasts' solid backgrounds use the .700 shades.
 */
const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        'fg.error': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'fg.muted': { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.300}' } },
        'border.error': { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        // Toasts put white text on the palette's solid colour: .600 is too light (3.2-3.3:1).
        'blue.solid': { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } },
        'red.solid': { value: { _light: '{colors.red.700}', _dark: '{colors.red.600}' } },
        'green.solid': { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } },
        'orange.solid': { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } },
      },
    },
    slotRecipes: {
      // The toast description is drawn at 80% opacity by default, which loses the contrast.
      toast: {
        slots: ['root', 'title', 'description', 'indicator', 'closeTrigger', 'actionTrigger'],
        base: { description: { opacity: 1 } },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
    // The public header is sticky (4rem and its border): whatever the browser scrolls into view
    // (a focused element, a #fragment) stops below it, with room to spare for the focus ring
    // (WCAG 2.2 2.4.11 Focus Not Obscured). On phones toasts sit at the bottom of the screen
    // (components/ui/toaster.tsx): focus scrolls clear of them too.
    html: {
      scrollPaddingTop: 'calc(4rem + 1px + 0.75rem)',
      scrollPaddingBottom: { base: '9rem', md: '0.75rem' },
    },
    // Headings and <main> receive focus from code (navigation, skip link) only: no ring there.
    '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
  },
});

export const system = createSystem(defaultConfig, config);
