/**
 * Build-time settings of the renderer (Vite `VITE_*` variables).
 * VITE_SUPPORT_WHATSAPP_URL: the WhatsApp link the login page offers for new accounts and
 * support, e.g. https://wa.me/201234567890. Without it the link opens WhatsApp's own chooser.
 */
export const appConfig = {
  supportWhatsAppUrl: (import.meta.env.VITE_SUPPORT_WHATSAPP_URL as string | undefined) || 'https://wa.me/',
};
