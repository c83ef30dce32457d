import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LabelMatch } from '@crm/common';
import { anyOf } from '../../platform/db/any-of.js';
import { contactLabels } from './labels.table.js';

export type LabelFilter = { labelIds: readonly string[]; match: LabelMatch };

/**
 * The read-only condition every list that filters by label adds to its WHERE (contacts' lists, the
 * chat list, the board): the contact in `contactId` has any of / all of the labels. Each label is a
 * probe of contact_labels' primary key (tenant, contact, label), so a filtered page walks the list's
 * own index and checks each row it meets; PostgreSQL may turn the `any` form into a semi-join driven
 * by contact_labels_label_idx when the label is rare. Labels of another company match nothing
 * (row-level security hides their rows, and tenant_id is named for the index).
 */
export function contactHasLabels(tenantId: string, contactId: PgColumn | SQL, filter: LabelFilter): SQL | undefined {
  if (!filter.labelIds.length) return undefined;
  const probe = (labelCondition: SQL) => sql`exists (select 1 from ${contactLabels} where ${contactLabels.tenantId} = ${tenantId} and ${contactLabels.contactId} = ${contactId} and ${labelCondition})`;
  if (filter.match === 'any') return probe(anyOf(contactLabels.labelId, filter.labelIds));
  return and(...[...new Set(filter.labelIds)].map((id) => probe(sql`${contactLabels.labelId} = ${id}`)));
}
