import { z } from 'zod';

/**
 * A line WhatsApp itself writes into a conversation (the official API's `system` messages): the
 * contact changed their number, or Meta's id of them changed. Stored with the message as a code and
 * its parameters, worded in the reader's language; the message's body keeps the English.
 */
export const SYSTEM_EVENT_CODES = ['number_changed', 'user_id_changed'] as const;
export type SystemEventCode = (typeof SYSTEM_EVENT_CODES)[number];

export const systemEventSchema = z.object({
  code: z.enum(SYSTEM_EVENT_CODES),
  /** number_changed: `phone`, the new number in international form (+20…). */
  params: z.record(z.string(), z.string()),
});
export type SystemEvent = z.infer<typeof systemEventSchema>;

/** The English of a system line (the stored body: search, previews, API users). */
export function systemEventText(event: SystemEvent): string {
  switch (event.code) {
    case 'number_changed':
      return `This contact changed their number to ${event.params.phone ?? 'a new number'}.`;
    case 'user_id_changed':
      return "This contact's WhatsApp account id changed.";
  }
}
