import { isNotificationCode, isPlaceholderPhone, type Notification, type NotificationCode, type WhatsAppAttentionReason, type WhatsAppQrReason } from '@crm/common';
import type { TFunction } from 'i18next';
import { ltrText } from '../../lib/ltr-text';

/** Each notification code's text (keys written out for the key checks, docs/i18n.md). */
const CODE_KEYS: Record<NotificationCode, string> = {
  'whatsapp.needs_qr': 'notifications:codes.whatsappNeedsQr',
  'whatsapp.needs_attention': 'notifications:codes.whatsappNeedsAttention',
  'product.low_stock': 'notifications:codes.productLowStock',
  'task.assigned': 'notifications:codes.taskAssigned',
  'task.commented': 'notifications:codes.taskCommented',
  'lead.assigned': 'notifications:codes.leadAssigned',
  'leads.assigned': 'notifications:codes.leadsAssigned',
  'demo.welcome': 'notifications:codes.demoWelcome',
  'note.mentioned': 'notifications:codes.noteMentioned',
  'chat.handed_over': 'notifications:codes.chatHandedOver',
  'message.media_unavailable': 'notifications:codes.messageMediaUnavailable',
  'order.cancelled': 'notifications:codes.orderCancelled',
  'order.confirmation_expired': 'notifications:codes.orderConfirmationExpired',
};

const WHATSAPP_REASON_KEYS: Record<WhatsAppQrReason, string> = {
  logged_out: 'notifications:whatsappReasons.logged_out',
  not_answering: 'notifications:whatsappReasons.not_answering',
  reconnect_failed: 'notifications:whatsappReasons.reconnect_failed',
  auth_failure: 'notifications:whatsappReasons.auth_failure',
};

const ATTENTION_REASON_KEYS: Record<WhatsAppAttentionReason, string> = {
  token_invalid: 'whatsapp:reasons.token_invalid',
  account_locked: 'whatsapp:reasons.account_locked',
};

/**
 * A notification in the user's language: its code worded from the `notifications` catalogue with
 * its parameters; the server's English text for a code this renderer does not know, or for rows
 * written before codes existed.
 */
export function notificationMessage(t: TFunction, item: Pick<Notification, 'code' | 'params' | 'text'>): string {
  if (!isNotificationCode(item.code)) return item.text;
  const params: Record<string, string | number> = { ...(item.params ?? {}) };
  // the contact's name and number apart (servers before them send only `name`): named as the chat list names them
  if (typeof params.contactPhone === 'string') params.name = contactName(t, String(params.contactName ?? ''), params.contactPhone);
  // a contact with no name is named by its phone, which may be a WhatsApp id's placeholder (`lid:…`, `user:…`)
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string' && isPlaceholderPhone(value)) params[key] = t('common:contactPhone.noNumber');
  if (item.code === 'whatsapp.needs_qr') {
    const reasonKey = WHATSAPP_REASON_KEYS[params.reason as WhatsAppQrReason];
    if (!reasonKey) return item.text;
    params.reason = t(reasonKey);
  }
  if (item.code === 'whatsapp.needs_attention') {
    const reasonKey = ATTENTION_REASON_KEYS[params.reason as WhatsAppAttentionReason];
    if (!reasonKey) return item.text;
    params.reason = t(reasonKey);
  }
  return t(CODE_KEYS[item.code], params);
}

/** The name, else the number kept left to right inside the sentence, else 'No number yet'. */
function contactName(t: TFunction, name: string, phone: string): string {
  if (name.trim()) return name.trim();
  return phone && !isPlaceholderPhone(phone) ? ltrText(phone) : t('common:contactPhone.noNumber');
}
