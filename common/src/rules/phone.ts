import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY } from '../constants.js';
import { echoInput } from './text.js';

export type PhoneResult = { ok: true; e164: string } | { ok: false; error: string };

/**
 * Normalises a phone number as typed (01001234567, +20 100 123 4567, 00201001234567,
 * ٠١٠٠١٢٣٤٥٦٧) to E.164, reading national numbers in the tenant's default country.
 */
export function normalizePhone(input: string | null | undefined, defaultCountry: string = DEFAULT_COUNTRY): PhoneResult {
  const raw = toLatinDigits(String(input ?? '')).trim();
  if (!raw) return { ok: false, error: 'Phone is required' };
  const cleaned = raw.replace(/^00/, '+').replace(/[^\d+]/g, '');
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry as CountryCode);
  if (!parsed || !parsed.isPossible()) return { ok: false, error: `${echoInput(raw)} is not a valid phone number` };
  return { ok: true, e164: parsed.number };
}

/** Arabic-Indic and Eastern Arabic-Indic digits to 0-9 (Egyptian keyboards type both). */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** `201001234567@c.us` → `+201001234567`; undefined for ids that carry no phone (`…@lid`, groups). */
export function phoneFromWhatsAppId(waId: string): string | undefined {
  const match = /^(\d{6,15})@(c\.us|s\.whatsapp\.net)$/.exec(waId);
  return match ? `+${match[1]}` : undefined;
}

/** `+201001234567` → `201001234567@c.us`, the id WhatsApp Web addresses a chat by. */
export function whatsAppIdFromPhone(e164: string): string {
  return `${e164.replace(/^\+/, '')}@c.us`;
}

/**
 * The digits to look for when someone searches contacts by phone: a national number typed with
 * its trunk 0 (0100 123…) is matched without it, so it finds +20100123….
 */
export function phoneSearchDigits(query: string): string | undefined {
  // only a query that looks like a phone number is one: "Order 1a2b3" must not match phones with 123
  if (!/^[\d\s+\-().\u0660-\u0669\u06f0-\u06f9]+$/.test(query.trim())) return undefined;
  const digits = toLatinDigits(query).replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  return digits.replace(/^00/, '').replace(/^0/, '');
}
