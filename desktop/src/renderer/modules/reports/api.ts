import type { QueryParams, ReportData, ReportQuery, SalesPerformance, UserSummary } from '@crm/common';
import { api } from '../../lib/api';

/** Detailed reports and team performance (admins; a sales user may read only their own performance). */
export const reportsApi = {
  detailed: (query: QueryParams<ReportQuery>) => api.get<ReportData>('/reports/detailed', { query }),
  /** The same report as an .xlsx workbook (sheet names and heads in the user's language). */
  exportFile: (query: QueryParams<ReportQuery>) => api.download('/reports/export', { query }),
  salesPerformance: (userId: string) => api.get<SalesPerformance>(`/reports/sales-performance/${encodeURIComponent(userId)}`),
  salesUsers: () => api.get<UserSummary[]>('/auth/users', { query: { role: 'sales' } }),
};
