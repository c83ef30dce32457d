import type { CreateShippingCompanyRequest, ShippingCompany, ShippingCompanyList, ShippingStats, UpdateShippingCompanyRequest } from '@crm/common';
import { api } from '../../lib/api';

/** Shipping companies (every user reads; admins write) and their stats (admins). */
export const shippingApi = {
  list: (signal?: AbortSignal) => api.get<ShippingCompanyList>('/shipping', { signal }),
  stats: (signal?: AbortSignal) => api.get<ShippingStats>('/shipping/stats', { signal }),
  create: (body: CreateShippingCompanyRequest) => api.post<ShippingCompany>('/shipping', body),
  update: (id: string, body: UpdateShippingCompanyRequest) => api.patch<ShippingCompany>(`/shipping/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ message: string }>(`/shipping/${encodeURIComponent(id)}`),
};
