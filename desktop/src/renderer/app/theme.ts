import {
  createTheme,
  type ActionIconProps,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type LoaderProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type PaperProps,
  type PasswordInputProps,
  type TableProps,
  type TextInputProps,
  type TooltipProps,
} from '@mantine/core';

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

/**
 * A component's default props, checked against its props as `Component.extend()` would, without
 * importing the component: the sign-in screen reads the theme, and importing Menu, Tooltip or Table
 * here (and floating-ui behind menus and tooltips) would put them in its first download.
 */
const defaults = <Props>(defaultProps: Partial<Props>): MantineThemeComponent => ({ defaultProps });

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
    ActionIcon: defaults<ActionIconProps>({ variant: 'subtle', color: 'gray', size: 'lg' }),
    Badge: defaults<BadgeProps>({ variant: 'light', radius: 'sm' }),
    Button: defaults<ButtonProps>({ radius: 'md' }),
    Card: defaults<CardProps>({ withBorder: true, radius: 'md', padding: 'lg' }),
    Loader: defaults<LoaderProps>({ type: 'dots' }),
    Menu: defaults<MenuProps>({ shadow: 'md', width: 240, position: 'bottom-end' }),
    Modal: defaults<ModalProps>({ centered: true, radius: 'md' }),
    Paper: defaults<PaperProps>({ withBorder: true, radius: 'md' }),
    PasswordInput: defaults<PasswordInputProps>({ size: 'md' }),
    Table: defaults<TableProps>({ striped: true, highlightOnHover: true, verticalSpacing: 'sm', horizontalSpacing: 'md' }),
    TextInput: defaults<TextInputProps>({ size: 'md' }),
    Tooltip: defaults<TooltipProps>({ withArrow: true, openDelay: 300 }),
  },
});
