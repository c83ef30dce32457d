import type { ContactStats, ContactStatsQuery, QueryParams, Tenant, UserSummary } from '@crm/common';
import { api } from '../../lib/api';

export const dashboardApi = {
  /** The five cards over contacts created in the period (sales users get their own figures). */
  stats: (query: QueryParams<ContactStatsQuery>, signal?: AbortSignal) => api.get<ContactStats>('/contacts/stats', { query, signal }),
  /** The company's users: Admin Insights' Total Users. */
  users: (signal?: AbortSignal) => api.get<UserSummary[]>('/auth/users', { signal }),
  /** How many companies there are (the list's total; one row asked for), with the super administrator's token (the path contains /super). */
  tenants: (signal?: AbortSignal) => api.get<{ items: Tenant[]; total: number }>('/super/tenants', { query: { limit: 1 }, signal }),
};
