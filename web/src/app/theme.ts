import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default theme with colours that pass WCAG 2.1 AA: the default error text (red.500 on
 * white, 3.76:1) is too light for small text, so error foregrounds use red.700 (6.5:1).
 */
const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        'fg.error': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        'fg.muted': { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.300}' } },
        'border.error': { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

export const system = createSystem(defaultConfig, config);
