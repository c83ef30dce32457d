import type { ScheduledMessage } from '@crm/common';
import { adminUser } from '../../../test/fake-api';
import { testId } from '../testing';

/** A scheduled message as the server answers it. */
export const makeScheduled = (overrides: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  _id: testId(),
  contactId: testId(),
  body: 'Your order ships tomorrow',
  media: null,
  sendAt: '2027-01-15T12:30:00.000Z',
  status: 'scheduled',
  reason: null,
  sentAt: null,
  late: false,
  messageId: null,
  createdBy: adminUser._id,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
