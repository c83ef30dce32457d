import { ActionIcon, Badge, Button, Card, createTheme, Loader, Menu, Modal, Paper, Table, TextInput, PasswordInput, Tooltip, type MantineColorsTuple } from '@mantine/core';

/** The product's green, close to WhatsApp's so the messenger feels at home. Shade 6 is the primary. */
const brand: MantineColorsTuple = ['#e6fbf3', '#d3f3e7', '#a8e6cf', '#79d8b5', '#52cc9f', '#39c591', '#1fa37a', '#138f6a', '#057f5c', '#006e4e'];

/** Sizes of the app frame; the layout reads them from here and nowhere else. */
export const layoutTokens = {
  headerHeight: 60,
  navbarWidth: 248,
  navbarCollapsedWidth: 72,
  navbarBreakpoint: 'sm',
  contentMaxWidth: 1400,
} as const;

const systemFonts = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif";

/** All theme tokens of the product live here: colours, type, radius, focus ring and component defaults. */
export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    ActionIcon: ActionIcon.extend({ defaultProps: { variant: 'subtle', color: 'gray', size: 'lg' } }),
    Badge: Badge.extend({ defaultProps: { variant: 'light', radius: 'sm' } }),
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } }),
    Loader: Loader.extend({ defaultProps: { type: 'dots' } }),
    Menu: Menu.extend({ defaultProps: { shadow: 'md', width: 240, position: 'bottom-end' } }),
    Modal: Modal.extend({ defaultProps: { centered: true, radius: 'md' } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true, radius: 'md' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'md' } }),
    Table: Table.extend({
      defaultProps: { striped: true, highlightOnHover: true, verticalSpacing: 'sm', horizontalSpacing: 'md' },
    }),
    TextInput: TextInput.extend({ defaultProps: { size: 'md' } }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true, openDelay: 300 } }),
  },
});
