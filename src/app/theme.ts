import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { dataListCss } from './components/data-list-css';

/**
 * Chakra's default system with the colours that failed WCAG 2.1 AA contrast for our users (issue
 * 14, found with axe-core): error text red.500 on white is 3.76:1, so errors use red.700 (6.5:1);
 * the blue solid buttons (their hover and focus are the solid at 90 %) use blue.700 so white text
 * stays above 4.5:1; and the focus ring of inputs and plain buttons (the gray palette's, gray.400,
 * about 2.6:1) is blue.600, above the 3:1 a focus indicator needs.
 */
const config = defineConfig({
  globalCss: dataListCss,
  theme: {
    semanticTokens: {
      colors: {
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        border: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        blue: { solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } } },
        gray: { focusRing: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.400}' } } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
