import type { UserSummary } from '@crm/common';
import { errorMessage } from '../../lib/error-message';
import { useQuery, type Query } from '../../lib/load/use-query';
import { lookupsApi } from './api';

/**
 * The sales users an admin assigns to or filters by (leads, the board). A failed load is shown with
 * Retry by the select: an empty list would read as "no sales users".
 */
export function useSalesUsers(enabled: boolean): Query<UserSummary[]> {
  return useQuery((signal) => lookupsApi.salesUsers(signal), [], { enabled, errorText: (failure) => errorMessage(failure, 'common:salesUsersFailed', { list: true }) });
}
