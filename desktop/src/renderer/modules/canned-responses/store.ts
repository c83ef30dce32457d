import { CANNED_RESPONSE_REQUIRED_MESSAGE, type CannedResponse, type CannedResponseInput } from '@crm/common';
import { create } from 'zustand';
import { ApiError, describeError } from '../../lib/api';
import { cannedResponsesApi } from './api';

/** spec/admin.md §5 and §8. */
export const CANNED_TEXTS = {
  required: CANNED_RESPONSE_REQUIRED_MESSAGE,
  saveFailed: (reason: string) => `Error saving response: ${reason}`,
  deleteFailed: (reason: string) => `Error deleting response: ${reason}`,
  loadFailed: 'Could not load the canned responses.',
  empty: 'No canned responses yet.',
  confirmDelete: 'Delete this canned response? This cannot be undone.',
  saved: 'Response saved.',
  deleted: 'Response deleted.',
} as const;

/** The server's reason, else the exception's message (the spec's "...": what went wrong). */
const reasonOf = (error: unknown): string =>
  error instanceof ApiError ? error.serverError || error.message : error instanceof Error ? error.message : 'Unknown error';

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
  return title && text ? { title, text } : CANNED_TEXTS.required;
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
      set({ status: 'error', error: describeError(error, CANNED_TEXTS.loadFailed) });
    }
  },

  save: async (input, id) => {
    try {
      const saved = id ? await cannedResponsesApi.update(id, input) : await cannedResponsesApi.create(input);
      set((state) => ({ items: [...state.items.filter((item) => item._id !== saved._id), saved].sort(byTitle) }));
      return saved;
    } catch (error) {
      throw new Error(CANNED_TEXTS.saveFailed(reasonOf(error)));
    }
  },

  remove: async (id) => {
    try {
      await cannedResponsesApi.remove(id);
      set((state) => ({ items: state.items.filter((item) => item._id !== id) }));
    } catch (error) {
      throw new Error(CANNED_TEXTS.deleteFailed(reasonOf(error)));
    }
  },
}));

export function resetCannedResponsesStoreForTests(): void {
  useCannedResponsesStore.setState({ items: [], status: 'idle', error: null });
}
