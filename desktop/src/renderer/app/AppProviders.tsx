import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ar';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLocaleStore } from '../i18n';
import { bridge } from '../lib/bridge';
import { createColorSchemeManager } from './color-scheme';
import { theme } from './theme';

const colorSchemeManager = createColorSchemeManager(bridge);

/*
 * The app opens dialogs only through the global `modals` API (never the useModals context), so the
 * provider needs no children: it is fetched after the first screen is drawn, and its Modal,
 * ScrollArea and focus trap stay out of the sign-in screen's code.
 */
const ModalsProvider = lazy(() => import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })));
// the same for the toasts' container: shown toasts wait in their store until it is drawn
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/** Theme, dialogs and toasts around the whole app (also used by the component tests). */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* The direction follows the chosen language (i18n/locale.ts), not what <html> said at mount. */}
      <DirectionProvider initialDirection={useLocaleStore.getState().dir} detectDirection={false}>
        <DirectionSync />
        <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} env={env}>
          <LocaleDates>
            <Suspense fallback={null}>
              <ModalsProvider />
              <Notifications position="top-right" />
            </Suspense>
            {children}
          </LocaleDates>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/** Arabic reads right to left: Mantine mirrors the AppShell (sidebar on the right), menus and inputs. */
function DirectionSync() {
  const dir = useLocaleStore((state) => state.dir);
  const { setDirection } = useDirection();
  useEffect(() => setDirection(dir), [dir, setDirection]);
  return null;
}

/** Date pickers name months and weekdays in the chosen language. */
function LocaleDates({ children }: { children: ReactNode }) {
  const language = useLocaleStore((state) => state.language);
  return <DatesProvider settings={{ locale: language }}>{children}</DatesProvider>;
}
