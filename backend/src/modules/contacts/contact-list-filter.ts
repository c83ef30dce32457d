import { dayRange, phoneSearchDigits, type ContactFilters } from '@crm/common';
import { ApiError } from '../../platform/http/api-error.js';
import type { ContactListFilter } from './contact-queries.repository.js';

/** A list's query (or a campaign's audience) as the SQL's filter: days read in `tz`, the label filter with its match. */
export function contactListFilter(q: Partial<ContactFilters>): ContactListFilter {
  const range = dayRange(q.from, q.to, q.tz);
  if (range.gte && range.lt && range.gte.getTime() >= range.lt.getTime()) throw ApiError.badRequest('From date must be on or before To date', 'from').withCode('date_range.invalid');
  return {
    stage: q.stage,
    q: q.q,
    phoneDigits: q.q ? phoneSearchDigits(q.q) : undefined,
    createdFrom: range.gte,
    createdBefore: range.lt,
    assignedTo: q.assignedTo,
    isArchived: q.isArchived,
    pipelineStatus: q.pipeline_status,
    productId: q.productId,
    governorate: q.governorate,
    labels: q.labels?.length ? { labelIds: q.labels, match: q.labelMatch ?? 'any' } : undefined,
  };
}
