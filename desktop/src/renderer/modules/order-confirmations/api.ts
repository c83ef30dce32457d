import type { OrderConfirmation, OrderConfirmationSettings, OrderConfirmationSettingsInput, WhatsAppTemplatePage } from '@crm/common';
import { api } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** The cash-on-delivery confirmation: the company's settings and a contact's latest confirmation. */
export const orderConfirmationsApi = {
  settings: (signal?: AbortSignal) => api.get<OrderConfirmationSettings>('/settings/order-confirmation', { signal }),
  saveSettings: (input: OrderConfirmationSettingsInput) => api.put<OrderConfirmationSettings>('/settings/order-confirmation', input),
  /** The approved templates to choose from (refused for a company linked by QR). */
  whatsAppTemplates: () => api.get<WhatsAppTemplatePage>('/whatsapp/cloud/templates', { query: { status: 'APPROVED', limit: 200 } }),
  ofContact: (contactId: string, signal?: AbortSignal) => api.get<{ confirmation: OrderConfirmation | null }>(`/contacts/${id(contactId)}/order-confirmation`, { signal }),
};
