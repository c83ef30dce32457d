/** Every localStorage key the renderer uses, in one place so none collide. */
export const STORAGE_KEYS = {
  /** Tenant user token (browser only; the desktop keeps it encrypted in the main process). */
  authToken: 'token',
  /** The spec keeps the super administrator's token in local storage. */
  superToken: 'superToken',
  superAdmin: 'superAdmin',
  colorScheme: 'crm-color-scheme',
  sidebarCollapsed: 'crm-sidebar-collapsed',
  /** Language chosen before sign-in (after sign-in the user's saved choice wins). */
  language: 'crm-language',
  arabicDigits: 'crm-arabic-digits',
} as const;
