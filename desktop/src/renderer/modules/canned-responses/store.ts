import type { CannedResponse, CannedResponseInput } from '@crm/common';
import { create } from 'zustand';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { cannedResponsesApi } from './api';

/** What went wrong (the spec's "..."): the server's reason or its code's text, else the exception's message. */
const reasonOf = (error: unknown): string => errorMessage(error, 'common:unknownError', { list: true });

export type CannedStatus = 'idle' | 'loading' | 'ready' | 'error';

interface CannedState {
  items: CannedResponse[];
  status: CannedStatus;
  error: string | null;
  /** Loads once (the picker); `force` reloads (the manager). */
  load: (options?: { force?: boolean }) => Promise<void>;
  /** Creates (no id) or changes a response; throws an Error with the spec's text. */
  save: (input: CannedResponseInput, id?: string | null) => Promise<CannedResponse>;
  remove: (id: string) => Promise<void>;
}

/** Title and text both non-empty after trimming, else 'Title and text are required.' */
export function validateCannedResponse(input: { title: string; text: string }): CannedResponseInput | string {
  const title = input.title.trim();
  const text = input.text.trim();
  return title && text ? { title, text } : i18n.t('canned:required');
}

const byTitle = (a: CannedResponse, b: CannedResponse) => a.title.localeCompare(b.title);

export const useCannedResponsesStore = create<CannedState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,

  load: async ({ force = false } = {}) => {
    if (!force && (get().status === 'ready' || get().status === 'loading')) return;
    set({ status: 'loading', error: null });
    try {
      const list = await cannedResponsesApi.list();
      set({ items: list.items, status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: errorMessage(error, 'canned:loadFailed', { list: true }) });
    }
  },

  save: async (input, id) => {
    try {
      const saved = id ? await cannedResponsesApi.update(id, input) : await cannedResponsesApi.create(input);
      set((state) => ({ items: [...state.items.filter((item) => item._id !== saved._id), saved].sort(byTitle) }));
      return saved;
    } catch (error) {
      throw new Error(i18n.t('canned:saveFailed', { reason: reasonOf(error) }));
    }
  },

  remove: async (id) => {
    try {
      await cannedResponsesApi.remove(id);
      set((state) => ({ items: state.items.filter((item) => item._id !== id) }));
    } catch (error) {
      throw new Error(i18n.t('canned:deleteFailed', { reason: reasonOf(error) }));
    }
  },
}));

export function resetCannedResponsesStoreForTests(): void {
  useCannedResponsesStore.setState({ items: [], status: 'idle', error: null });
}
