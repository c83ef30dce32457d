import { fillQuickReply, quickReplyBlanksIn, type Contact } from '@crm/common';
import { useCallback, useRef } from 'react';
import { useAuthStore } from '../../auth/store';
import { contactsApi } from '../../contacts/api';
import { useChatStore } from '../store';

/** The name of the deal's first product that still exists; '' when the deal has none. */
export const firstProductName = (contact: Contact): string => contact.products.find((line) => line.productId?.name)?.productId?.name ?? '';

/**
 * Fills a quick reply's blanks from the open chat: `{name}` from the conversation, `{agent}` and
 * `{company}` from the signed-in user, `{product}` from the contact's deal. The deal is read only
 * when a reply uses `{product}` (`prepare` starts reading it when a picker opens, so the insertion
 * rarely waits); if it cannot be read, `{product}` stays as typed for the agent to fill.
 */
export function useQuickReplyFill(contactId: string) {
  const contact = useRef<{ id: string; promise: Promise<Contact | null> } | null>(null);

  const readContact = useCallback(
    (fresh: boolean) => {
      if (fresh || contact.current?.id !== contactId) contact.current = { id: contactId, promise: contactsApi.get(contactId).catch(() => null) };
      return contact.current.promise;
    },
    [contactId],
  );

  // Each opening reads the deal again: its products may have changed in the profile meanwhile.
  const prepare = useCallback(() => void readContact(true), [readContact]);

  const fill = useCallback(
    async (text: string): Promise<string> => {
      const user = useAuthStore.getState().user;
      const summary = useChatStore.getState().summaries[contactId];
      const deal = quickReplyBlanksIn(text).includes('product') ? await readContact(false) : null;
      return fillQuickReply(text, {
        name: summary?.name ?? deal?.name ?? null,
        agent: user?.name,
        company: user?.companyName || undefined,
        product: deal ? firstProductName(deal) : undefined,
      });
    },
    [contactId, readContact],
  );

  return { prepare, fill };
}
