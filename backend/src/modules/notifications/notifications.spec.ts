import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { notificationText } from '@crm/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { NotificationsService } from './notifications.service.js';
import { notifications } from './notifications.table.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA: string;
let salesA: string;
let adminB: string;
let service: NotificationsService;

beforeAll(async () => {
  t = await startTestApp();
  a = await seedCompany(t, 'bell-alpha');
  b = await seedCompany(t, 'bell-bravo');
  [adminA, salesA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
  service = t.app.get(NotificationsService);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('notifications stored as a code with parameters', () => {
  it('a notification keeps its code and parameters, with the English text as the fallback', async () => {
    await service.notifyUsers(a.tenantId, [a.sales[0].id], { code: 'task.assigned', params: { by: 'Mona Admin', title: 'Call Ahmed' }, link: '/my-tasks' });
    const bell = (await t.api.get('/notifications', { token: salesA })).body.data;
    expect(bell.unreadCount).toBe(1);
    expect(bell.items[0]).toMatchObject({
      code: 'task.assigned',
      params: { by: 'Mona Admin', title: 'Call Ahmed' },
      text: 'Mona Admin assigned you a task: Call Ahmed',
      link: '/my-tasks',
      isRead: false,
    });
    // another company never sees it
    expect((await t.api.get('/notifications', { token: adminB })).body.data.total).toBe(0);
  });

  it('notifyAdmins tells only the active admins of the company; the WhatsApp text stays the English one', async () => {
    await service.notifyAdmins(a.tenantId, { code: 'whatsapp.needs_qr', params: { reason: 'logged_out' }, link: '/whatsapp' });
    const bell = (await t.api.get('/notifications', { token: adminA })).body.data;
    expect(bell.items[0]).toMatchObject({
      code: 'whatsapp.needs_qr',
      params: { reason: 'logged_out' },
      text: 'WhatsApp needs a new QR scan: WhatsApp was logged out from the phone. Scan the QR code again to reconnect.',
      link: '/whatsapp',
    });
    const sales = (await t.api.get('/notifications', { token: salesA })).body.data.items;
    expect(sales.some((n: { code: string }) => n.code === 'whatsapp.needs_qr')).toBe(false);
    expect((await t.api.get('/notifications', { token: adminB })).body.data.total).toBe(0);
  });

  it('a row written before codes existed comes back with its text and no code; the migration backfills the WhatsApp kind', async () => {
    const legacy = 'WhatsApp needs a new QR scan: WhatsApp stopped answering. Scan the QR code again to reconnect.';
    await t.db.tenant(b.tenantId, (tx) =>
      tx.insert(notifications).values([
        { tenantId: b.tenantId, userId: b.admin.id, text: 'An old free text' },
        { tenantId: b.tenantId, userId: b.admin.id, text: legacy },
      ]),
    );
    let items = (await t.api.get('/notifications', { token: adminB })).body.data.items;
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'An old free text', code: null, params: null }), expect.objectContaining({ text: legacy, code: null })]));

    // the hand-written backfill of the migration, run again on these rows
    const dir = join(import.meta.dirname, '..', '..', '..', 'drizzle');
    const file = readdirSync(dir).find((name) => name.endsWith('_notification_codes.sql'))!;
    const backfill = readFileSync(join(dir, file), 'utf8')
      .split('-- hand-written:')[1]
      .split('\n')
      .slice(1)
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n');
    await t.db.platform((tx) => tx.execute(sql.raw(backfill)));

    items = (await t.api.get('/notifications', { token: adminB })).body.data.items;
    expect(items.find((n: { text: string }) => n.text === legacy)).toMatchObject({ code: 'whatsapp.needs_qr', params: { reason: 'not_answering' } });
    expect(items.find((n: { text: string }) => n.text === 'An old free text')).toMatchObject({ code: null, params: null });
    expect(notificationText('whatsapp.needs_qr', { reason: 'not_answering' })).toBe(legacy);
  });
});
