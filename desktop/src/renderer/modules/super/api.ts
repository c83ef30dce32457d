import type { LoginRequest, SuperLoginResponse } from '@crm/common';
import { api } from '../../lib/api';

export const superApi = {
  login: (credentials: LoginRequest) => api.post<SuperLoginResponse>('/super/login', credentials),
  /** Ends the super session on the server, so the token stops working at once. */
  logout: () => api.post<{ message: string }>('/super/logout'),
};
