import { createTheme } from '@mui/material/styles';

/** The media query of a system set to reduce motion. */
const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

/**
 * Cohort's theme: a calm clinical teal with a warm accent, light and dark. The scheme follows
 * the system setting until the member picks one in the account menu (MUI keeps the choice in
 * localStorage). Every pair is contrast-checked in theme.test.ts.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // Every colour carries white text at 4.5:1 or more: the warm accent, warning and
        // info are darker than MUI's defaults for that reason.
        primary: { main: '#0b5d6b', contrastText: '#ffffff' },
        secondary: { main: '#a9472f', contrastText: '#ffffff' },
        warning: { main: '#a15c07', contrastText: '#ffffff' },
        info: { main: '#0269a4', contrastText: '#ffffff' },
        error: { main: '#c62828', contrastText: '#ffffff' },
        background: { default: '#f6f8f9', paper: '#ffffff' },
        text: { primary: '#1d2b32', secondary: '#51616a' },
      },
    },
    dark: {
      palette: {
        // Light tones on a deep teal-grey: each carries dark text at 4.5:1 or more and reads
        // at 4.5:1 or more on both backgrounds; hover shades darken less so the text stays
        // readable on them.
        tonalOffset: 0.15,
        primary: { main: '#6cc5d1', contrastText: '#0b1f24' },
        secondary: { main: '#f0a48f', contrastText: '#0b1f24' },
        warning: { main: '#f4b860', contrastText: '#0b1f24' },
        info: { main: '#7cc4f2', contrastText: '#0b1f24' },
        error: { main: '#ff9a8f', contrastText: '#0b1f24' },
        success: { main: '#7fcf8a', contrastText: '#0b1f24' },
        background: { default: '#0f1a1e', paper: '#16242a' },
        text: { primary: '#e6eef0', secondary: '#a9bcc2' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    // Inter is self-hosted (index.html, public/fonts) and swapped in when it arrives.
    fontFamily: '"Inter Variable", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700, fontSize: '2.6rem', lineHeight: 1.15 },
    h2: { fontWeight: 700, fontSize: '2rem' },
    h3: { fontWeight: 600, fontSize: '1.5rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A long word or address in what members write wraps instead of widening the page;
    // controls keep their words whole.
    MuiCssBaseline: {
      styleOverrides: {
        body: { overflowWrap: 'anywhere' },
        '.MuiButton-root, .MuiTab-root, .MuiChip-label': { overflowWrap: 'normal' },
        // A member whose system asks for less motion (WCAG 2.3.3) gets none: dialogs, menus
        // and ripples appear at once and spinners and skeletons stand still (each still named
        // for what it is). The browser journeys run this way too.
        [REDUCED_MOTION]: {
          '*, *::before, *::after': {
            animationDuration: '0s !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    // Subtitles are styles, not headings (MUI maps them to h6, which put h6 headings in
    // forms and lists); a subtitle that heads a section says so with `component`.
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // A progress indicator is named (a spinner says what it is); one that says more sets its own.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Progress' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
