import type {
  AuditEntry,
  CreateSuperUserInput,
  CreateTenantRequest,
  LoginRequest,
  QueryParams,
  SuperLoginResponse,
  SuperStats,
  SuperTenantsQuery,
  SuperUser,
  SuperUsersQuery,
  TenantWithStats,
  TenantWithStatsList,
  UpdateSubscriptionInput,
  UpdateSuperUserInput,
  UserSession,
} from '@crm/common';
import { api } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** The platform administration API (every path under /super carries the super token). */
export const superApi = {
  login: (credentials: LoginRequest) => api.post<SuperLoginResponse>('/super/login', credentials),
  /** Ends the super session on the server, so the token stops working at once. */
  logout: () => api.post<{ message: string }>('/super/logout'),

  stats: () => api.get<SuperStats>('/super/stats'),
  /** A page of companies, newest first; q: name or slug contains it. */
  tenants: (query: QueryParams<SuperTenantsQuery>, signal?: AbortSignal) => api.get<TenantWithStatsList>('/super/tenants', { query, signal }),
  tenant: (tenantId: string, signal?: AbortSignal) => api.get<TenantWithStats>(`/super/tenants/${id(tenantId)}`, { signal }),
  createTenant: (input: CreateTenantRequest) => api.post<unknown>('/super/tenants', input),
  /** Suspend (false) or re-activate (true). */
  setTenantActive: (tenantId: string, isActive: boolean) => api.patch<TenantWithStats>(`/super/tenants/${id(tenantId)}`, { isActive }),
  updateSubscription: (tenantId: string, input: UpdateSubscriptionInput) => api.patch<TenantWithStats>(`/super/tenants/${id(tenantId)}/subscription`, input),
  deleteTenant: (tenantId: string) => api.delete<{ deleted: true }>(`/super/tenants/${id(tenantId)}`),
  audit: (tenantId: string, query: { page: number; limit: number }, signal?: AbortSignal) => api.get<{ items: AuditEntry[]; total: number }>(`/super/tenants/${id(tenantId)}/audit`, { query, signal }),

  users: (query: QueryParams<SuperUsersQuery>, signal?: AbortSignal) => api.get<{ items: SuperUser[]; total: number }>('/super/users', { query, signal }),
  createUser: (input: CreateSuperUserInput) => api.post<SuperUser>('/super/users', input),
  updateUser: (userId: string, input: UpdateSuperUserInput) => api.patch<SuperUser>(`/super/users/${id(userId)}`, input),
  deleteUser: (userId: string) => api.delete<unknown>(`/super/users/${id(userId)}`),
  sessions: (userId: string) => api.get<UserSession[]>(`/super/users/${id(userId)}/sessions`),
};
