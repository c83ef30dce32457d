import { describe, expect, it } from 'vitest';
import { contactNotificationParams, notificationText } from './notification-codes.js';

describe('contactNotificationParams', () => {
  it('gives the name and the number apart, and joined for the English text', () => {
    const params = contactNotificationParams({ name: 'Mona Adel', phone: '+201001112299' });
    expect(params).toEqual({ name: 'Mona Adel', contactName: 'Mona Adel', contactPhone: '+201001112299' });
    expect(notificationText('lead.assigned', params)).toBe('A lead was assigned to you: Mona Adel');
  });

  it('a contact with no name is named by its number; a blank name counts as none', () => {
    expect(contactNotificationParams({ name: '  ', phone: '+201001112299' })).toEqual({ name: '+201001112299', contactName: '', contactPhone: '+201001112299' });
  });

  it("a WhatsApp id's placeholder is no number: contactPhone stays empty", () => {
    expect(contactNotificationParams({ name: null, phone: 'user:EG.700000000000000001' })).toMatchObject({ contactName: '', contactPhone: '' });
    expect(contactNotificationParams({ name: 'Hala', phone: 'lid:203412345678901' })).toEqual({ name: 'Hala', contactName: 'Hala', contactPhone: '' });
  });
});
