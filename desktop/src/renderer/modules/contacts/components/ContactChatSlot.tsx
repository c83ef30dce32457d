import type { Contact } from '@crm/common';

/**
 * ┌──────────────────────────────────────────────────────────────────────────────┐
 * │ SLOT FOR THE MESSENGER: the contact profile's embedded chat panel            │
 * │ (spec/core.md §2 "Contact profile": "An embedded chat panel for the contact  │
 * │ is included").                                                               │
 * │                                                                              │
 * │ The messenger issue replaces the body of this component with the chat panel  │
 * │ from modules/chat (message list, composer, follow-up start, ...). The profile │
 * │ page already renders it below its sections and passes the loaded contact;    │
 * │ until then it renders nothing, so the profile shows no empty frame.          │
 * └──────────────────────────────────────────────────────────────────────────────┘
 */
export function ContactChatSlot(_props: { contact: Contact }) {
  return null;
}
