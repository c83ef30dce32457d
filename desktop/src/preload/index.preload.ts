/**
 * Preload of the app window (sandboxed: it may only require 'electron'; the build inlines the
 * rest). Exposes exactly one object, `window.desktop`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge } from '@crm/common';
import { createDesktopBridge } from './bridge.preload';

const bridge = createDesktopBridge(ipcRenderer) satisfies DesktopBridge;
contextBridge.exposeInMainWorld('desktop', bridge);
