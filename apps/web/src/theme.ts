import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, rem } from '@mantine/core';

/** Atelier's accent: an electric violet, strong on both white and near-black. */
const brand: MantineColorsTuple = ['#f4f0ff', '#e6ddff', '#cbb9ff', '#ae92fe', '#9570fd', '#855bfc', '#7c4ffc', '#6a41e2', '#5e38ca', '#502fb2'];

/** A cool, deep neutral for dark mode (Mantine reads dark[7] as the body, dark[6] as surfaces). */
const dark: MantineColorsTuple = ['#d5d5dc', '#b7b7c2', '#8e8e9c', '#676775', '#484853', '#34343e', '#222229', '#17171c', '#111115', '#0b0b0e'];

const fontStack =
  'Inter, "InterVariable", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand, dark },
  fontFamily: fontStack,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace',
  defaultRadius: 'md',
  cursorType: 'pointer',
  defaultGradient: { from: 'brand.5', to: 'pink.5', deg: 135 },
  headings: {
    fontFamily: fontStack,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: rem(32), lineHeight: '1.15' },
      h2: { fontSize: rem(24), lineHeight: '1.2' },
      h3: { fontSize: rem(19), lineHeight: '1.3' },
      h4: { fontSize: rem(16), lineHeight: '1.35' },
    },
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 3 } } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.45, blur: 3 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Badge: { defaultProps: { radius: 'sm' } },
    Loader: { defaultProps: { type: 'oval' } },
  },
});

/** Slightly tinted page backgrounds so cards read as surfaces in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-body': '#f8f8fb' },
  dark: { '--mantine-color-body': '#0f0f13' },
});
