import type { CurrentUser, Health, LoginRequest, LoginResponse, UpdatePreferencesRequest } from '@crm/common';
import { api } from '../../lib/api';

export const authApi = {
  login: (credentials: LoginRequest) => api.post<LoginResponse>('/auth/login', credentials),
  me: () => api.get<CurrentUser>('/auth/me'),
  /** The user's own language and digits, kept on the server so they follow the user. */
  updatePreferences: (change: UpdatePreferencesRequest) => api.patch<CurrentUser>('/auth/me/preferences', change),
  logout: () => api.post<{ message: string }>('/auth/logout'),
  /** Also tells the login page whether demo credentials may be prefilled. */
  health: () => api.get<Health>('/health'),
};
