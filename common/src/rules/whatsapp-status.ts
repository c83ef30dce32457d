/** The connection badge of the messenger sidebar. */
export type WhatsAppBadge = { label: string; tone: 'loading' | 'neutral' | 'warning' | 'success' | 'error'; showQr: boolean };

export function whatsAppBadge(state: string | null | undefined): WhatsAppBadge {
  switch (state) {
    case 'loading':
    case 'initializing':
      return { label: 'Loading...', tone: 'loading', showQr: false };
    case 'not_configured':
      return { label: 'Not Configured', tone: 'neutral', showQr: false };
    case 'scan':
    case 'GOT_QR':
      return { label: 'Scan QR', tone: 'warning', showQr: true };
    case 'connected':
    case 'ready':
      return { label: 'Connected', tone: 'success', showQr: false };
    case 'needs_qr':
      return { label: 'Needs QR scan', tone: 'error', showQr: false };
    case 'needs_attention':
      return { label: 'Needs attention', tone: 'error', showQr: false };
    default:
      return { label: String(state ?? 'unknown'), tone: 'error', showQr: false };
  }
}

/** 'Socket: OK' or 'Socket: Off', the second badge. */
export const socketBadge = (connected: boolean) => (connected ? 'Socket: OK' : 'Socket: Off');
