import { sql } from 'drizzle-orm';
import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { PipelineStatus } from '@crm/common';
import { tenantIdColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** A company's board settings: stale thresholds per status and its list of lost reasons. */
export const dealBoardSettings = pgTable(
  'deal_board_settings',
  {
    tenantId: tenantIdColumn()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Days per status; a status that is missing is never stale. */
    staleDays: jsonb('stale_days')
      .$type<Partial<Record<PipelineStatus, number>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lostReasons: jsonb('lost_reasons')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: updatedAtColumn(),
  },
  () => [...tenantPolicies('deal_board_settings')],
);
