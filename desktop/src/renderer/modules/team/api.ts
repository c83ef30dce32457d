import type { CreateUserInput, TeamUser, TenantSettings, UpdateUserInput, UserSession } from '@crm/common';
import { api } from '../../lib/api';

/** Team users and the company's settings. */
export const teamApi = {
  listUsers: (signal?: AbortSignal) => api.get<TeamUser[]>('/users', { signal }),
  createUser: (input: CreateUserInput) => api.post<TeamUser>('/users', input),
  updateUser: (id: string, input: UpdateUserInput) => api.put<TeamUser>(`/users/${encodeURIComponent(id)}`, input),
  sessions: (id: string) => api.get<UserSession[]>(`/users/${encodeURIComponent(id)}/sessions`),
  getSettings: (signal?: AbortSignal) => api.get<{ settings: TenantSettings }>('/auth/tenant/settings', { signal }),
  saveSettings: (settings: TenantSettings) => api.put<{ settings: TenantSettings }>('/auth/tenant/settings', settings),
};
