/** The placeholder a shipping company's tracking URL holds where the parcel's number goes. */
export const TRACKING_PLACEHOLDER = '{tracking}';

/** True for an absolute http(s) address with a host: the only kind the product ever links to. */
export function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A shipping company's tracking URL the product accepts: an http(s) address, `{tracking}` wherever
 * it likes (it is checked with a number in its place). `javascript:`, `data:`, `file:` and other
 * schemes, and text that is no address at all, are refused on input, so none is stored.
 */
export function isTrackingUrl(template: string): boolean {
  return isHttpUrl(template.trim().split(TRACKING_PLACEHOLDER).join('0'));
}

/**
 * The link to a parcel on its shipping company's site: the company's tracking URL with every
 * `{tracking}` replaced by the URL-encoded tracking number. Null when there is nothing to link
 * to (no placeholder, no number) or when the result is not an http(s) address, so a company's
 * URL can never turn into a `javascript:` or file link on the contact profile.
 */
export function trackingLink(trackingURL: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const template = trackingURL?.trim();
  const number = trackingNumber?.trim();
  if (!template || !number || !template.includes(TRACKING_PLACEHOLDER)) return null;
  const url = template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(number));
  return isHttpUrl(url) ? url : null;
}
