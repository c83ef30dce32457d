import { create } from 'zustand';
import { localPrefs } from '../../lib/local-prefs';
import { STORAGE_KEYS } from '../../lib/storage-keys';

interface LayoutState {
  /** Desktop-width sidebar shows icons only; remembered between sessions. */
  sidebarCollapsed: boolean;
  /** Narrow windows: the sidebar is a drawer that opens over the content. */
  mobileNavOpen: boolean;
  toggleSidebar: () => void;
  toggleMobileNav: () => void;
  closeMobileNav: () => void;
}

export const useLayoutStore = create<LayoutState>()((set, get) => ({
  sidebarCollapsed: localPrefs.get(STORAGE_KEYS.sidebarCollapsed) === 'true',
  mobileNavOpen: false,
  toggleSidebar: () => {
    const sidebarCollapsed = !get().sidebarCollapsed;
    localPrefs.set(STORAGE_KEYS.sidebarCollapsed, String(sidebarCollapsed));
    set({ sidebarCollapsed });
  },
  toggleMobileNav: () => set({ mobileNavOpen: !get().mobileNavOpen }),
  closeMobileNav: () => set({ mobileNavOpen: false }),
}));
