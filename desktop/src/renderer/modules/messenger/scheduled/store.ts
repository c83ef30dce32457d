import type { ScheduledMessage } from '@crm/common';
import { DEFAULT_TIME_ZONE } from '@crm/common';
import { create } from 'zustand';
import { scheduledMessagesApi } from './api';

type ContactScheduled = { items: ScheduledMessage[]; timeZone: string };

type ScheduledState = {
  byContact: Record<string, ContactScheduled | undefined>;
  load: (contactId: string) => Promise<void>;
  /** Replaces (or adds) one message of a contact's list after a create, edit or cancel. */
  put: (message: ScheduledMessage) => void;
};

/** Each open chat's scheduled messages, shared by the composer's "Send later" and the chat's list. */
export const useScheduledStore = create<ScheduledState>((set) => ({
  byContact: {},
  load: async (contactId) => {
    const page = await scheduledMessagesApi.list(contactId);
    set((s) => ({ byContact: { ...s.byContact, [contactId]: { items: page.items, timeZone: page.timeZone } } }));
  },
  put: (message) =>
    set((s) => {
      const current = s.byContact[message.contactId] ?? { items: [], timeZone: DEFAULT_TIME_ZONE };
      const items = [...current.items.filter((m) => m._id !== message._id), message].sort((x, y) => x.sendAt.localeCompare(y.sendAt));
      return { byContact: { ...s.byContact, [message.contactId]: { ...current, items } } };
    }),
}));

export const useCompanyTimeZone = (contactId: string) => useScheduledStore((s) => s.byContact[contactId]?.timeZone ?? DEFAULT_TIME_ZONE);

export function resetScheduledStoreForTests() {
  useScheduledStore.setState({ byContact: {} });
}
