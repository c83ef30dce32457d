import { LEADS_PAGE_SIZE, type LabelMatch } from '@crm/common';
import { createContactListStore } from '../contacts/list-store';
import type { FiltersUrlCodec } from '../../lib/load/use-filters-in-url';
import { labelFilterFromParams, labelFilterToParams, labelQuery } from '../labels/LabelFilter';

/** The lead-list filter values: query, fromDate, toDate, assignedTo. */
export interface LeadFilters {
  q: string;
  from: string | null;
  to: string | null;
  /** '' for all users, 'unassigned', or a sales user's id. */
  assignedTo: string;
  /** Label ids, and whether a lead needs any or all of them. */
  labels: string[];
  labelMatch: LabelMatch;
}

export const useLeadsStore = createContactListStore<LeadFilters>({
  initialFilters: { q: '', from: null, to: null, assignedTo: '', labels: [], labelMatch: 'any' },
  pageSize: LEADS_PAGE_SIZE,
  toQuery: (f) => ({ stage: 'lead', q: f.q, from: f.from, to: f.to, assignedTo: f.assignedTo || undefined, ...labelQuery(f) }),
  fallbackErrorKey: 'common:unknownError',
});

/** The leads filters in the list's URL (`/leads?q=…&assignedTo=…&labels=…`). */
export const leadFiltersUrl: FiltersUrlCodec<LeadFilters> = {
  keys: ['q', 'from', 'to', 'assignedTo', 'labels', 'labelMatch'],
  toParams: (f) => ({ q: f.q, from: f.from, to: f.to, assignedTo: f.assignedTo, ...labelFilterToParams(f) }),
  fromParams: (p) => ({ q: p.get('q') ?? '', from: p.get('from'), to: p.get('to'), assignedTo: p.get('assignedTo') ?? '', ...labelFilterFromParams(p) }),
};
