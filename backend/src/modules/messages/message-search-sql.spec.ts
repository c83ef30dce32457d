import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messageSearchText } from '@crm/common';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { connectWhatsApp, inbound, startMessengerApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';

/**
 * Messages stored before search existed were filled by message_search_text() (SQL, migration
 * 0030); every later one by messageSearchText() (common). Both must fold alike, or an old
 * message would not be found by the same words as a new one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startMessengerApp();
});
afterAll(async () => {
  await t?.close();
});

const SAMPLES: [string | null, string | null][] = [
  ['مرحبا، أنا أَحمد من الإسكندرية', null],
  ['آمال وإيمان ومصطفى وفاطمة ٱلله', null],
  ['شكـــرا جزيلاً', null],
  ['Is the PRICE of the Blue Scarf final?', null],
  ['call my husband on +20 100 123 4567 please, or 0100-765-4321', null],
  ['رقمي ٠١٠٠١٢٣٤٥٦٧', null],
  ['الفاتورة مرفقة', 'Invoice-March.PDF'],
  [null, 'scan 2024 (1).jpg'],
  ['   ', null],
  [null, null],
  ['short 12 34 digits', null],
];

describe('message search text in SQL and in common', () => {
  it.each(SAMPLES)('agree for %s / %s', async (body, fileName) => {
    const [row] = await t.db.platform(async (tx) => {
      const result = await tx.execute(sql`select message_search_text(${body}::text, ${fileName}::text) as text`);
      return (result as unknown as { rows: { text: string | null }[] }).rows;
    });
    expect(row.text).toBe(messageSearchText({ body, mediaFileName: fileName }));
  });
});

describe('messages_matching() past its window of recent messages', () => {
  it('finds the same messages, in the same order, whether a page fills in the window or not', async () => {
    const company = await seedCompany(t, 'search-window', { sales: 1 });
    const token = await signIn(t, company.admin.email);
    await connectWhatsApp(t, token);
    for (let i = 0; i < 9; i++) await inbound(t, token, { from: '+201009990000', body: i % 3 === 0 ? `invoice ${i}` : `hello ${i}` });
    const run = (window: number, limit: number) =>
      t.db.tenant(company.tenantId, async (tx) => {
        const result = await tx.execute(sql`select body from messages_matching(array['%invoice%'], null, null, null, ${limit}::int, ${window}::int)`);
        return (result as unknown as { rows: { body: string }[] }).rows.map((r) => r.body);
      });
    const everything = await run(20000, 10);
    expect(everything).toEqual(['invoice 6', 'invoice 3', 'invoice 0']);
    for (const window of [1, 2, 4, 8]) expect(await run(window, 10), `window ${window}`).toEqual(everything);
    expect(await run(2, 2)).toEqual(['invoice 6', 'invoice 3']);
  });
});
