/** The placeholder a shipping company's tracking URL holds where the parcel's number goes. */
export const TRACKING_PLACEHOLDER = '{tracking}';

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
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
