import type { AuthUser, Health, LoginRequest, LoginResponse } from '@crm/common';
import { api } from '../../lib/api';

export const authApi = {
  login: (credentials: LoginRequest) => api.post<LoginResponse>('/auth/login', credentials),
  me: () => api.get<AuthUser>('/auth/me'),
  logout: () => api.post<{ message: string }>('/auth/logout'),
  /** Also tells the login page whether demo credentials may be prefilled. */
  health: () => api.get<Health>('/health'),
};
