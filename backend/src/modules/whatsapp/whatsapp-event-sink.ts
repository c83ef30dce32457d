import type { Message } from '@crm/common';
import type { InboundWhatsAppMessage, WhatsAppAck } from './whatsapp-driver.js';

export type InboundResult = { status: 'stored' | 'duplicate'; contactId: string; messageId: string; message?: Message };

/**
 * Where the sessions deliver what WhatsApp reports about messages. The messages module registers
 * itself at start-up, so the WhatsApp module does not depend on it (messages depends on WhatsApp to send).
 */
export interface WhatsAppEventSink {
  inbound(tenantId: string, message: InboundWhatsAppMessage): Promise<InboundResult>;
  ack(tenantId: string, waMessageId: string, ack: WhatsAppAck): Promise<void>;
  revoked(tenantId: string, waMessageId: string): Promise<void>;
}
