import type { ContactStats, ContactStatsQuery, QueryParams, Tenant, UserSummary } from '@crm/common';
import { api } from '../../lib/api';

export const dashboardApi = {
  /** The five cards over contacts created in the period (sales users get their own figures). */
  stats: (query: QueryParams<ContactStatsQuery>) => api.get<ContactStats>('/contacts/stats', { query }),
  /** The company's users: Admin Insights' Total Users. */
  users: () => api.get<UserSummary[]>('/auth/users'),
  /** How many companies there are (the list's total; one row asked for), with the super administrator's token (the path contains /super). */
  tenants: () => api.get<{ items: Tenant[]; total: number }>('/super/tenants', { query: { limit: 1 } }),
};
