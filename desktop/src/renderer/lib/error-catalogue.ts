/** Fallback texts of the spec's error catalogue (spec/core.md §8, spec/admin.md §8), used when the server sends none. */
export const ERROR_TEXTS = {
  generic: 'An error occurred.',
  loginFailed: 'Login failed. Please check your credentials.',
  loginFailedShort: 'Login failed',
  superNoToken: 'No token found. Please login again.',
} as const;
