import type { ErrorCode, SessionEndReason } from '@crm/common';

/** The texts sign-in and session checks answer with (shown to the user as the server error). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  inactiveUser: 'Your account has been deactivated. Please contact your administrator.',
  suspendedTenant: 'Your company account is suspended. Please contact support.',
  expiredSubscription: "Your company's subscription has expired. Please contact support to renew it.",
  expiredSubscriptionOn: (date: string) => `Your company's subscription expired on ${date}. Please contact support to renew it.`,
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  superRequired: 'Super administrator sign-in required.',
  adminOnly: 'Only company admins can do this.',
} as const;

/** What a user whose session was ended for this reason is told (force_logout, and the 401 after it). */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  logout: AUTH_MESSAGES.sessionEnded,
  expired: AUTH_MESSAGES.sessionExpired,
  deactivated: AUTH_MESSAGES.inactiveUser,
  suspended: AUTH_MESSAGES.suspendedTenant,
  subscription_expired: AUTH_MESSAGES.expiredSubscription,
  role_changed: 'Your role has changed. Please sign in again.',
  password_changed: 'Your password was changed. Please sign in again.',
  account_deleted: 'Your account has been deleted. Please contact your administrator.',
  company_deleted: "Your company's account has been closed. Please contact support.",
};

/** The error code a client sees for each way a session ends (it words the message itself). */
export const SESSION_END_CODES: Record<SessionEndReason, ErrorCode> = {
  logout: 'auth.session_ended',
  expired: 'auth.session_expired',
  deactivated: 'auth.user_inactive',
  suspended: 'auth.company_suspended',
  subscription_expired: 'auth.subscription_expired',
  role_changed: 'auth.session_ended',
  password_changed: 'auth.session_ended',
  account_deleted: 'auth.session_ended',
  company_deleted: 'auth.session_ended',
};
