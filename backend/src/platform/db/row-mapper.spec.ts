import { describe, expect, it } from 'vitest';
import * as drizzle from 'drizzle-orm';
import { boolean, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planRowMapper } from './row-mapper.js';

/** The planned mapper must give what Drizzle's own mapResultRow gives, row for row. */
const people = pgTable('people', {
  id: uuid('id').notNull(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }),
  tags: jsonb('tags').$type<string[]>(),
  active: boolean('active').notNull(),
});
const teams = pgTable('teams', { id: uuid('id').notNull(), title: text('title') });
const users = pgTable('users', { name: text('name') });

const { orderSelectedFields, mapResultRow } = drizzle as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): unknown[];
  mapResultRow(fields: unknown[], row: unknown[], joins?: Record<string, boolean>): unknown;
};

const rows: unknown[][] = [
  ['p1', 'Sara', '2026-03-10 08:00:00+00', '12.50', ['vip'], true, 't1', 'North', 'Omar', 3],
  ['p2', null, '2026-03-11 09:30:00.123+02', null, null, false, null, null, null, 0],
  ['p3', 'أحمد', '2026-03-12 00:00:00+00', '0.00', [], true, 't2', null, 'Mona', 7],
];

describe('planRowMapper', () => {
  it('maps rows as Drizzle does: nested tables, decoders, a left-joined table null when its first column is', () => {
    const fields = orderSelectedFields({ person: people, team: teams, assignedName: users.name, count: drizzle.sql<number>`count(*)`.mapWith(Number) });
    const joins = { people: true, teams: false, users: false };
    const mapper = planRowMapper(fields, joins);
    expect(mapper).toBeDefined();
    const mapped = mapper!(rows.map((r) => [...r]));
    expect(mapped).toEqual(rows.map((r) => mapResultRow(fields, [...r], joins)));
    expect(mapped[1]).toMatchObject({ team: null, assignedName: null });
    expect((mapped[0].person as { createdAt: Date }).createdAt).toBeInstanceOf(Date);
    expect((mapped[0].person as { amount: number }).amount).toBe(12.5);
  });

  it('without a join map (a plain select) and with a flat selection', () => {
    const fields = orderSelectedFields({ id: people.id, amount: people.amount, when: people.createdAt });
    const flat = rows.map((r) => [r[0], r[3], r[2]]);
    expect(planRowMapper(fields, undefined)!(flat)).toEqual(flat.map((r) => mapResultRow(fields, r, undefined)));
  });

  it('leaves to Drizzle what it does not plan: an aliased expression', () => {
    const fields = orderSelectedFields({ id: people.id, label: drizzle.sql<string>`lower(name)`.as('label') });
    expect(planRowMapper(fields, undefined)).toBeUndefined();
  });
});
