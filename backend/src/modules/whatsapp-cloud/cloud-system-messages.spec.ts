import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, deliverWebhook, processed, systemMessage, textMessage, type CloudAccount } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';
import { startMessengerApp } from '../../../test/messenger.js';
import { contacts } from '../contacts/contacts.table.js';
import { messages } from '../messages/messages.table.js';

const NUMBER = '106540352242931';
const SECRET = 'c1b2c3d4e5f60718293a4b5c6d7e8f91';
const at = () => String(Math.floor(Date.now() / 1000));

describe('Official API: a user changed their number or user id', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let a: SeededCompany;
  let b: SeededCompany;
  let admin: string;
  let cloud: CloudAccount;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url } });
    a = await seedCompany(t, 'cloud-system', { sales: 0 });
    b = await seedCompany(t, 'cloud-system-other', { sales: 0 });
    admin = await signIn(t, a.admin.email);
    cloud = await connectCloudCompany(t, graph, { tenantId: a.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, businessAccountId: '102290129340391' });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const deliver = (value: Parameters<typeof deliverWebhook>[2]) => deliverWebhook(t, cloud, value);
  const stored = (waMessageId: string) => processed(t, a, waMessageId);
  const contact = async (id: string) => (await t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.id, id))))[0];

  it('a changed number moves the contact to the new number and leaves a system line in its conversation, once', async () => {
    await deliver(textMessage('201001112299', 'wamid.before-change', 'Hello', 'Mona'));
    const first = await stored('wamid.before-change');

    const change = systemMessage('wamid.number-change', '201001112299', {
      body: 'User Mona changed from 201001112299 to 201009998811',
      wa_id: '201009998811',
      type: 'user_changed_number',
    });
    // redelivered: the second finds the contact already moved and changes nothing
    await deliver(change);
    await deliver(change);
    const line = await stored('wamid.number-change');
    expect(line).toMatchObject({ contactId: first.contactId, direction: 'in', body: 'This contact changed their number to +201009998811.' });
    expect(line.systemEvent).toEqual({ code: 'number_changed', params: { phone: '+201009998811' } });
    expect(await contact(first.contactId)).toMatchObject({ phone: '+201009998811', waId: '201009998811@c.us', name: 'Mona' });

    // the conversation shows the line with its code; the next message from the new number is the same contact
    const list = (await t.api.get(`/messages?contactId=${first.contactId}`, { token: admin })).body.data.items;
    expect(list.map((m: { body: string; systemEvent?: unknown }) => [m.body, m.systemEvent ?? null])).toEqual([
      ['Hello', null],
      ['This contact changed their number to +201009998811.', { code: 'number_changed', params: { phone: '+201009998811' } }],
    ]);
    await deliver(textMessage('201009998811', 'wamid.after-change', 'New number here', 'Mona'));
    expect((await stored('wamid.after-change')).contactId).toBe(first.contactId);
    const same = await t.db.tenant(a.tenantId, (tx) => tx.select().from(contacts).where(eq(contacts.name, 'Mona')));
    expect(same).toHaveLength(1);
    // another company knows nothing of it
    expect(await t.db.tenant(b.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, 'wamid.number-change')))).toEqual([]);
  });

  it('a changed user id moves a contact known only by it to the new one; the message is kept', async () => {
    await deliver({
      contacts: [{ profile: { name: 'Hidden Hala' }, user_id: 'EG.700000000000000001' }],
      messages: [{ from_user_id: 'EG.700000000000000001', id: 'wamid.hala-1', timestamp: at(), type: 'text', text: { body: 'Hi' } }],
    });
    const first = await stored('wamid.hala-1');
    expect(await contact(first.contactId)).toMatchObject({ phone: 'user:EG.700000000000000001' });

    await deliver(
      systemMessage(
        'wamid.hala-change',
        undefined,
        { body: 'User id changed', type: 'user_changed_user_id', user_id: 'EG.700000000000000002', previous_user_id: 'EG.700000000000000001' },
        'EG.700000000000000001',
      ),
    );
    const line = await stored('wamid.hala-change');
    expect(line).toMatchObject({ contactId: first.contactId, systemEvent: { code: 'user_id_changed', params: {} } });
    expect(await contact(first.contactId)).toMatchObject({ waUserId: 'EG.700000000000000002', phone: 'user:EG.700000000000000002' });
  });

  it('another system message is kept as a readable placeholder', async () => {
    await deliver(systemMessage('wamid.identity', '201001112277', { body: 'Security code changed', type: 'customer_identity_changed' }));
    const row = await stored('wamid.identity');
    expect(row).toMatchObject({ body: '[A message this app cannot show yet]', systemEvent: null });
  });
});
