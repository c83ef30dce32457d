import type {
  ContactImportStatus,
  AssignBulkRequest,
  AssignBulkResult,
  ChangeStageRequest,
  Contact,
  ContactImportResult,
  ContactList,
  ContactStats,
  ContactStatsQuery,
  ContactsQuery,
  CreateContactRequest,
  ProductList,
  QueryParams,
  ShippingCompanyList,
  UpdateContactRequest,
  UserSummary,
} from '@crm/common';
import { api } from '../../lib/api';
import type { Query } from '../../lib/api-client';

/** The filters the contact lists, the export and the stats share: GET /api/contacts's query schema. */
export type ContactListQuery = QueryParams<ContactsQuery>;

const asQuery = (query: ContactListQuery): Query => ({ ...query }) as Query;

/** Contacts: leads, customers, deals and the contact profile. */
export const contactsApi = {
  list: (query: ContactListQuery, signal?: AbortSignal) => api.get<ContactList>('/contacts', { query: asQuery(query), signal }),
  stats: (query: QueryParams<ContactStatsQuery>) => api.get<ContactStats>('/contacts/stats', { query: asQuery(query) }),
  get: (id: string) => api.get<Contact>(`/contacts/${encodeURIComponent(id)}`),
  create: (body: CreateContactRequest) => api.post<Contact>('/contacts', body),
  update: (id: string, body: UpdateContactRequest) => api.patch<Contact>(`/contacts/${encodeURIComponent(id)}`, body),
  changeStage: (id: string, stage: ChangeStageRequest['stage']) => api.patch<Contact>(`/contacts/${encodeURIComponent(id)}/stage`, { stage }),
  remove: (id: string) => api.delete<{ message: string }>(`/contacts/${encodeURIComponent(id)}`),
  assignBulk: (body: AssignBulkRequest) => api.put<AssignBulkResult>('/leads/assign-bulk', body),
  /** The .xlsx of what the filters select. */
  exportFile: (query: ContactListQuery) => api.download('/contacts/export', { query: asQuery(query) }),
  import: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // an older server answers the result; a newer one the import's status (then polled)
    return api.post<ContactImportResult | ContactImportStatus>('/contacts/import', form);
  },
  importStatus: (id: string) => api.get<ContactImportStatus>(`/contacts/imports/${encodeURIComponent(id)}`),
};

/** Read-only lists the contact screens pick from. */
export const lookupsApi = {
  /** Products by name; q searches name and SKU. */
  products: (q?: string, signal?: AbortSignal) => api.get<ProductList>('/products', { query: { q, limit: 50 }, signal }),
  shippingCompanies: () => api.get<ShippingCompanyList>('/shipping'),
  /** Sales users, so leads can be assigned to them. */
  salesUsers: (signal?: AbortSignal) => api.get<UserSummary[]>('/auth/users', { query: { role: 'sales' }, signal }),
};
