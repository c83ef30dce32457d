/** Main-process log lines, prefixed so they stand out in the terminal next to Chromium's own. */
export const log = {
  info: (message: string) => console.info(`[crm] ${message}`),
  warn: (message: string) => console.warn(`[crm] ${message}`),
  error: (message: string, error?: unknown) => console.error(`[crm] ${message}`, error ?? ''),
};
