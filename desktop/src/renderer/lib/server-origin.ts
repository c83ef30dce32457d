/**
 * Where the backend lives, for the realtime socket (REST goes through the relative `/api`).
 * In a browser it is the page's own origin; the desktop app sets its configured server URL at start.
 */
let serverOrigin: string = window.location.origin;

export const getServerOrigin = (): string => serverOrigin;
export const setServerOrigin = (origin: string): void => {
  serverOrigin = origin;
};
