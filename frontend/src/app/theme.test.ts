import { type CssVarsTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const NORMAL_TEXT = 4.5;
const schemes = (['light', 'dark'] as const).map((name) => {
  const palette = (theme as typeof theme & CssVarsTheme).colorSchemes[name]?.palette;
  if (!palette) throw new Error(`no ${name} scheme`);
  return [name, palette] as const;
});

describe.each(schemes)('the %s scheme', (_, palette) => {
  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'puts %s buttons, chips and badges text at 4.5:1 or more',
    (name) => {
      const colour = palette[name];
      expect(getContrastRatio(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(NORMAL_TEXT);
      expect(getContrastRatio(colour.dark, colour.contrastText)).toBeGreaterThanOrEqual(NORMAL_TEXT);
    },
  );

  it.each([palette.background.default, palette.background.paper])('keeps text, links and accents readable on %s', (background) => {
    for (const foreground of [palette.text.primary, palette.text.secondary, palette.primary.main, palette.secondary.main, palette.error.main]) {
      expect(getContrastRatio(foreground, background)).toBeGreaterThanOrEqual(NORMAL_TEXT);
    }
  });
});
