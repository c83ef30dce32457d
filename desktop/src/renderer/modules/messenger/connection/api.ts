import type { WhatsAppAccount, WhatsAppStatus } from '@crm/common';
import { api } from '../../../lib/api';

/** The company's WhatsApp connection (the tenant is always the caller's). */
export const whatsappApi = {
  /** Sent once per company, with the spec's value 'Default Account' (idempotent on the server). */
  createAccount: () => api.post<WhatsAppAccount>('/whatsapp/accounts', { name: 'Default Account' }),
  start: () => api.post<WhatsAppStatus>('/whatsapp/start'),
  status: () => api.get<WhatsAppStatus>('/whatsapp/status'),
  deleteSession: () => api.delete<{ message: string }>('/whatsapp/session'),
};
