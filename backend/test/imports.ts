import type { ContactImportStatus } from '@crm/common';
import type { ApiAnswer, ApiClient } from './api-client.js';

/** The status of an import, asked until it is done or failed (imports run as jobs). */
export async function waitForImport(t: { api: ApiClient }, token: string, id: string): Promise<ContactImportStatus> {
  for (;;) {
    const res = await t.api.get<ContactImportStatus>(`/contacts/imports/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET /contacts/imports/${id}: ${res.status} ${res.body.error}`);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed') return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * POST /contacts/import, then its result once written: the answer a test of the import's rules
 * wants (status 200 and the counts as data). A file refused on upload answers as it came.
 */
export async function importAndWait(t: { api: ApiClient }, form: FormData, token: string): Promise<ApiAnswer> {
  const res = await t.api.post<ContactImportStatus>('/contacts/import', form, { token });
  if (res.status !== 202) return res;
  const done = await waitForImport(t, token, res.body.data._id);
  return { ...res, status: done.status === 'done' ? 200 : 500, body: { ok: done.status === 'done', data: done.result, error: done.error ?? undefined } };
}
