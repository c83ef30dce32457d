import type { Message, MessageErrorCode, ReasonParams } from '@crm/common';
import type { InboundWhatsAppMessage, WhatsAppAck } from './whatsapp-driver.js';

/** Why WhatsApp gave up on one of our messages after accepting it: the code the rep reads, the English, and the provider's own code. */
export type MessageFailureReport = { errorCode: MessageErrorCode; error: string; errorParams: ReasonParams | null; retryable: boolean };

export type InboundResult = { status: 'stored' | 'duplicate'; contactId: string; messageId: string; message?: Message };

/**
 * Where the sessions deliver what WhatsApp reports about messages. The messages module registers
 * itself at start-up, so the WhatsApp module does not depend on it (messages depends on WhatsApp to send).
 */
export interface WhatsAppEventSink {
  inbound(tenantId: string, message: InboundWhatsAppMessage): Promise<InboundResult>;
  ack(tenantId: string, waMessageId: string, ack: WhatsAppAck): Promise<void>;
  revoked(tenantId: string, waMessageId: string): Promise<void>;
  /** WhatsApp reports one of our messages failed after it was sent (the official API's `failed` status). */
  failed(tenantId: string, waMessageId: string, failure: MessageFailureReport): Promise<void>;
  /**
   * The file of an inbound message stored without it (the official API's download failed and was
   * tried again later): `stored` (and pushed), `missing` (no such inbound message yet) or `had` (it
   * has its file already, or the file is not one we keep).
   */
  mediaArrived(tenantId: string, waMessageId: string, media: NonNullable<InboundWhatsAppMessage['media']>): Promise<'stored' | 'missing' | 'had'>;
  /**
   * The file of an inbound message stored without it will never come (every try of the official
   * API's download failed): `marked` (pushed, admins told), `missing` or `had` (nothing to do).
   */
  mediaGaveUp(tenantId: string, waMessageId: string): Promise<'marked' | 'missing' | 'had'>;
}
