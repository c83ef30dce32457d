import type { QueryParams, ReportData, ReportQuery, SalesPerformance, UserSummary } from '@crm/common';
import { api } from '../../lib/api';

/** Detailed reports and team performance (admins; a sales user may read only their own performance). */
export const reportsApi = {
  detailed: (query: QueryParams<ReportQuery>, signal?: AbortSignal) => api.get<ReportData>('/reports/detailed', { query, signal }),
  /** The same report as an .xlsx workbook (sheet names and heads in the user's language). */
  exportFile: (query: QueryParams<ReportQuery>) => api.download('/reports/export', { query }),
  salesPerformance: (userId: string, signal?: AbortSignal) => api.get<SalesPerformance>(`/reports/sales-performance/${encodeURIComponent(userId)}`, { signal }),
  salesUsers: (signal?: AbortSignal) => api.get<UserSummary[]>('/auth/users', { query: { role: 'sales' }, signal }),
};
