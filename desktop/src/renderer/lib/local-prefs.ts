/** localStorage that never throws (private mode, quota, disabled storage). */
export const localPrefs = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Preferences are a convenience; losing one must not break the app.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};
