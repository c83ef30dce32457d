import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { bridge } from '../lib/bridge';
import { createColorSchemeManager } from './color-scheme';
import { theme } from './theme';

const colorSchemeManager = createColorSchemeManager(bridge);

/** Theme, dialogs and toasts around the whole app (also used by the component tests). */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    // DirectionProvider follows <html dir>: switching it to "rtl" is all an Arabic locale will need.
    <DirectionProvider>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} env={env}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
