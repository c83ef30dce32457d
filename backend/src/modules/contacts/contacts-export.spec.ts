import { describe, expect, it } from 'vitest';
import { contactsTable } from './contacts-export.js';
import type { ContactRecord } from './contacts.repository.js';

const wallClock = (serial: number) => new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 16).replace('T', ' ');
const contactAt = (iso: string) =>
  ({ id: iso, name: 'N', phone: '+201000000000', stage: 'lead', dealAmount: null, probability: null, shippingCost: null, createdAt: new Date(iso) }) as unknown as ContactRecord;

describe('the export table', () => {
  it('writes each creation time on the wall clock of the zone, also on the day the clocks change', () => {
    // Cairo moves to summer time at 00:00 on Friday 24 April 2026 (22:00 UTC the day before)
    const rows = ['2026-04-23T10:00:00Z', '2026-04-23T21:30:00Z', '2026-04-23T22:30:00Z', '2026-04-24T10:00:00Z', '2026-01-15T08:00:00Z'].map(contactAt);
    const table = contactsTable(rows, new Map(), 'Africa/Cairo');
    expect(table.created.map(wallClock)).toEqual(['2026-04-23 12:00', '2026-04-23 23:30', '2026-04-24 01:30', '2026-04-24 13:00', '2026-01-15 10:00']);
    expect(contactsTable(rows.slice(0, 1), new Map(), 'UTC').created.map(wallClock)).toEqual(['2026-04-23 10:00']);
  });
});
