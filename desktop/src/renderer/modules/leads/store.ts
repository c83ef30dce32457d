import { LEADS_PAGE_SIZE } from '@crm/common';
import { createContactListStore } from '../contacts/list-store';

/** spec/core.md §3 "Lead-list filter values": query, fromDate, toDate, assignedTo. */
export interface LeadFilters {
  q: string;
  from: string | null;
  to: string | null;
  /** '' for all users, 'unassigned', or a sales user's id. */
  assignedTo: string;
}

export const useLeadsStore = createContactListStore<LeadFilters>({
  initialFilters: { q: '', from: null, to: null, assignedTo: '' },
  pageSize: LEADS_PAGE_SIZE,
  toQuery: (f) => ({ stage: 'lead', q: f.q, from: f.from, to: f.to, assignedTo: f.assignedTo || undefined }),
  fallbackErrorKey: 'common:unknownError',
});
