/**
 * A contact WhatsApp knows only by an identifier, not yet by phone, carries a placeholder in its
 * phone (the phone is unique per company and never empty): `lid:<digits>` for WhatsApp's linked
 * id (QR driver), `user:<id>` for Meta's business-scoped user id (official API). It is no number:
 * nobody reads, dials, links or exports it, and a phone search does not find it.
 */
export const LID_PHONE_PREFIX = 'lid:';
/** The same for a contact known only by Meta's business-scoped user id. */
export const USER_ID_PHONE_PREFIX = 'user:';

/** True when the stored phone is a placeholder (`lid:…`, `user:…`), not a number. */
export function isPlaceholderPhone(phone: string | null | undefined): boolean {
  return !!phone && (phone.startsWith(LID_PHONE_PREFIX) || phone.startsWith(USER_ID_PHONE_PREFIX));
}

/** The phone to show, export or search: the number, or null when there is none (empty, or a placeholder). */
export function displayPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  return trimmed && !isPlaceholderPhone(trimmed) ? trimmed : null;
}

/** A `tel:` link to call the contact, for a real number only. */
export function dialLink(phone: string | null | undefined): string | null {
  const shown = displayPhone(phone);
  const digits = shown?.replace(/[^\d+]/g, '');
  return digits && /\d/.test(digits) ? `tel:${digits}` : null;
}

/** A `https://wa.me/<digits>` link to chat with the contact in WhatsApp, for a real number only. */
export function whatsAppLink(phone: string | null | undefined): string | null {
  const digits = displayPhone(phone)?.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}
