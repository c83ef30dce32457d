import { describe, expect, it } from 'vitest';
import { signature } from '../../../test/cloud-api.js';
import { readWebhook } from './cloud-webhook-payload.js';
import { sameSecret, validSignature } from './cloud-webhooks.service.js';

const value = (v: Record<string, unknown>) => ({ messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' }, ...v });
const payload = (...values: Record<string, unknown>[]) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '102290129340398', changes: values.map((v) => ({ field: 'messages', value: value(v) })) }],
});

describe('readWebhook', () => {
  it('reads every change of every entry, with the profile names of the senders', () => {
    const batch = readWebhook({
      object: 'whatsapp_business_account',
      entry: [
        payload({ contacts: [{ profile: { name: 'Sheena' }, wa_id: '16505551234' }], messages: [{ from: '16505551234', id: 'wamid.1', timestamp: '1749416383', type: 'text', text: { body: 'Hi' } }] })
          .entry[0],
        payload(
          { statuses: [{ id: 'wamid.9', status: 'read', timestamp: '1749416400', recipient_id: '16505551234' }] },
          { messages: [{ from: '201000000000', id: 'wamid.2', timestamp: '1749416384', type: 'text', text: { body: 'Yo' } }] },
        ).entry[0],
      ],
    });
    expect(batch.phoneNumberIds).toEqual(['106540352242922']);
    expect(batch.messages).toEqual([
      { id: 'wamid.1', waId: '16505551234', profileName: 'Sheena', timestamp: new Date(1749416383_000), type: 'text', body: 'Hi' },
      { id: 'wamid.2', waId: '201000000000', profileName: undefined, timestamp: new Date(1749416384_000), type: 'text', body: 'Yo' },
    ]);
    expect(batch.statuses).toEqual([{ id: 'wamid.9', status: 'read' }]);
  });

  it("reads Meta's business-scoped user ids: with the phone, without it (a hidden number), and from the contact when the message lacks it", () => {
    const { messages } = readWebhook(
      payload({
        contacts: [
          { profile: { name: 'Mona', username: '@mona' }, user_id: 'US.13491208655302741918' },
          { profile: { name: 'Samir' }, wa_id: '201005554433', user_id: 'EG.300000000000000002' },
        ],
        messages: [
          { from_user_id: 'US.13491208655302741918', id: 'wamid.u1', timestamp: '1749416383', type: 'text', text: { body: 'Hidden' } },
          { from: '201005554433', from_user_id: 'EG.300000000000000002', id: 'wamid.u2', timestamp: '1749416383', type: 'text', text: { body: 'Both' } },
          { from: '201005554433', id: 'wamid.u3', timestamp: '1749416383', type: 'text', text: { body: 'Phone only on the message' } },
          { id: 'wamid.u4', timestamp: '1749416383', type: 'text', text: { body: 'No sender at all' } },
        ],
      }),
    );
    expect(messages.map((m) => [m.id, m.waId, m.userId, m.profileName])).toEqual([
      ['wamid.u1', undefined, 'US.13491208655302741918', 'Mona'],
      ['wamid.u2', '201005554433', 'EG.300000000000000002', 'Samir'],
      ['wamid.u3', '201005554433', 'EG.300000000000000002', 'Samir'],
    ]);
  });

  it('media messages carry the media id to fetch; a voice note is a voice message', () => {
    const { messages } = readWebhook(
      payload({
        messages: [
          { from: '1', id: 'a', timestamp: '1', type: 'audio', audio: { id: 'm1', mime_type: 'audio/ogg; codecs=opus', voice: true } },
          { from: '1', id: 'b', timestamp: '1', type: 'audio', audio: { id: 'm2', mime_type: 'audio/mpeg' } },
          { from: '1', id: 'c', timestamp: '1', type: 'image', image: { id: 'm3', mime_type: 'image/jpeg', caption: 'look' } },
          { from: '1', id: 'd', timestamp: '1', type: 'sticker', sticker: { id: 'm4', mime_type: 'image/webp', animated: false } },
          { from: '1', id: 'e', timestamp: '1', type: 'document', document: { id: 'm5', mime_type: 'application/pdf', filename: 'x.pdf' } },
          { from: '1', id: 'f', timestamp: '1', type: 'video', video: { id: 'm6', mime_type: 'video/mp4' } },
        ],
      }),
    );
    expect(messages.map((m) => [m.type, m.media?.id, m.body])).toEqual([
      ['voice', 'm1', ''],
      ['audio', 'm2', ''],
      ['image', 'm3', 'look'],
      ['image', 'm4', ''],
      ['document', 'm5', ''],
      ['video', 'm6', ''],
    ]);
    expect(messages[4].media?.fileName).toBe('x.pdf');
  });

  it('what the messenger cannot show becomes a readable text, never an error', () => {
    const { messages } = readWebhook(
      payload({
        messages: [
          { from: '1', id: 'l', timestamp: '1', type: 'location', location: { latitude: 30.04, longitude: 31.23, name: 'Tahrir', address: 'Cairo' } },
          { from: '1', id: 'c', timestamp: '1', type: 'contacts', contacts: [{ name: { formatted_name: 'Mona' }, phones: [{ phone: '+20 100 000 0000' }] }] },
          { from: '1', id: 'i', timestamp: '1', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes please' } } },
          { from: '1', id: 'b', timestamp: '1', type: 'button', button: { text: 'Track order', payload: 'track' } },
          { from: '1', id: 'r', timestamp: '1', type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '👍' } },
          { from: '1', id: 'u', timestamp: '1', type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] },
        ],
      }),
    );
    expect(messages.every((m) => m.type === 'text' && !m.media)).toBe(true);
    expect(messages.map((m) => m.body)).toEqual([
      '📍 Location: Tahrir, Cairo (30.04, 31.23)',
      '👤 Mona: +20 100 000 0000',
      'Yes please',
      'Track order',
      'Reacted 👍 to a message',
      '[A message this app cannot show yet]',
    ]);
  });

  it("a changed number or user id (Meta's `system` messages) names the new ids, the old ones and the line to show; another system type is a readable placeholder", () => {
    // the shapes of Meta's system messages webhook reference: no contacts array, `from` the old number
    const { messages } = readWebhook(
      payload({
        messages: [
          {
            from: '16505551234',
            id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
            timestamp: '1739321024',
            type: 'system',
            system: {
              body: 'User Sheena Nelson changed from 16505551234 to 12195555358',
              wa_id: '12195555358',
              type: 'user_changed_number',
              user_id: 'US.13491208655302741919',
              previous_user_id: 'US.13491208655302741918',
            },
          },
          // before Graph API v12 the new number was `new_wa_id`
          {
            from: '16505551234',
            id: 'wamid.sys-old',
            timestamp: '1739321024',
            type: 'system',
            system: { body: 'User Sheena Nelson changed from 16505551234 to 12195555300', new_wa_id: '12195555300', type: 'user_changed_number' },
          },
          {
            id: 'wamid.sys-user',
            timestamp: '1739321024',
            type: 'system',
            system: { body: 'User Sheena Nelson changed their user ID', type: 'user_changed_user_id', user_id: 'US.13491208655302741920', previous_user_id: 'US.13491208655302741918' },
          },
          { from: '16505551234', id: 'wamid.sys-other', timestamp: '1739321024', type: 'system', system: { body: 'Something else', type: 'customer_identity_changed' } },
          // a name Meta never documented for the new user id is not read as one
          { id: 'wamid.sys-unknown-field', timestamp: '1739321024', type: 'system', system: { body: 'changed', type: 'user_changed_user_id', new_user_id: 'US.1', previous_user_id: 'US.2' } },
        ],
      }),
    );
    expect(messages[0]).toMatchObject({
      id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      waId: '12195555358',
      userId: 'US.13491208655302741919',
      previous: { waId: '16505551234', userId: 'US.13491208655302741918' },
      systemEvent: { code: 'number_changed', params: { phone: '+12195555358' } },
      body: 'This contact changed their number to +12195555358.',
      timestamp: new Date(1739321024 * 1000),
    });
    expect(messages[1]).toMatchObject({ waId: '12195555300', previous: { waId: '16505551234' }, systemEvent: { code: 'number_changed', params: { phone: '+12195555300' } } });
    expect(messages[1]).not.toHaveProperty('userId');
    expect(messages[2]).toMatchObject({ userId: 'US.13491208655302741920', previous: { userId: 'US.13491208655302741918' }, systemEvent: { code: 'user_id_changed', params: {} } });
    expect(messages[2]).not.toHaveProperty('waId');
    expect(messages[3]).toMatchObject({ waId: '16505551234', type: 'text', body: '[A message this app cannot show yet]' });
    expect(messages[3]).not.toHaveProperty('systemEvent');
    expect(messages.map((m) => m.id)).not.toContain('wamid.sys-unknown-field');
  });

  it("a pressed button keeps its payload and text (a template's quick reply, an interactive reply button), as Meta's reference shows them", () => {
    const context = { from: '15550783881', id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI4QUM2' };
    const { messages } = readWebhook(
      payload({
        messages: [
          { context, from: '201001113333', id: 'wamid.q', timestamp: '1669236257', type: 'button', button: { payload: 'order-confirmation:x:confirm', text: 'Confirm order' } },
          { context, from: '201001113333', id: 'wamid.i', timestamp: '1669236257', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'cancel-it', title: 'إلغاء' } } },
          {
            from: '201001113333',
            id: 'wamid.l',
            timestamp: '1669236257',
            type: 'interactive',
            interactive: { type: 'list_reply', list_reply: { id: 'row-1', title: 'Size M', description: 'Medium' } },
          },
        ],
      }),
    );
    expect(messages.map((m) => [m.type, m.body, m.button])).toEqual([
      ['text', 'Confirm order', { payload: 'order-confirmation:x:confirm', text: 'Confirm order' }],
      ['text', 'إلغاء', { payload: 'cancel-it', text: 'إلغاء' }],
      ['text', 'Size M', undefined],
    ]);
  });

  it("a failed status carries Meta's error code and title; unknown statuses and garbage are skipped", () => {
    const { statuses, messages } = readWebhook(
      payload({
        statuses: [{ id: 'w1', status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] }, { id: 'w2', status: 'deleted' }, { status: 'read' }, 'nonsense'],
        messages: [{ id: 'no-sender' }, null],
      }),
    );
    expect(statuses).toEqual([{ id: 'w1', status: 'failed', error: { code: 131047, title: 'Re-engagement message' } }]);
    expect(messages).toEqual([]);
    expect(readWebhook(null)).toEqual({ phoneNumberIds: [], messages: [], statuses: [] });
    expect(readWebhook({ entry: 'x' })).toEqual({ phoneNumberIds: [], messages: [], statuses: [] });
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account"}');
  const good = signature(body, 'app-secret');

  it('accept the HMAC-SHA256 of the raw body with the app secret, and nothing else', () => {
    expect(validSignature(body, good, 'app-secret')).toBe(true);
    expect(validSignature(body, good.toUpperCase().replace('SHA256=', 'sha256='), 'app-secret')).toBe(true);
    expect(validSignature(body, good, 'other-secret')).toBe(false);
    expect(validSignature(Buffer.from(body.toString() + ' '), good, 'app-secret')).toBe(false);
    expect(validSignature(body, good.replace('sha256=', 'sha1='), 'app-secret')).toBe(false);
    expect(validSignature(body, undefined, 'app-secret')).toBe(false);
    expect(validSignature(body, 'sha256=', 'app-secret')).toBe(false);
  });

  it('compare secrets of any lengths', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});
