import type { DesktopBridge } from '@crm/common';
import { createWebBridge } from './web-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    desktop?: DesktopBridge;
  }
}

/** The renderer's only native door: Electron's preload bridge, or its web twin in a browser. */
export const bridge: DesktopBridge = window.desktop ?? createWebBridge(window);

export const isDesktop = (): boolean => bridge.kind === 'desktop';
