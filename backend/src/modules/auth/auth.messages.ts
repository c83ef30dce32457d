/** The texts sign-in and session checks answer with (shown to the user as the server error). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  inactiveUser: 'Your account has been deactivated. Please contact your administrator.',
  suspendedTenant: 'Your company account is suspended. Please contact support.',
  expiredSubscription: "Your company's subscription has expired. Please contact support to renew it.",
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  superRequired: 'Super administrator sign-in required.',
  adminOnly: 'Only company admins can do this.',
} as const;
