import type { FollowUpRun, FollowUpTemplate, FollowUpTemplateInput } from '@crm/common';
import { create } from 'zustand';
import { errorMessage } from '../../lib/error-message';
import { followUpsApi } from './api';

export type TemplatesStatus = 'idle' | 'loading' | 'ready' | 'error';

interface FollowUpsState {
  templates: FollowUpTemplate[];
  status: TemplatesStatus;
  /** 'Failed to load templates.' or the server's text. */
  error: string | null;
  /** Loads the company's templates (once; `force` reloads). Never throws: failures land in `error`. */
  loadTemplates: (options?: { force?: boolean }) => Promise<void>;
  /** Creates (no id) or replaces a template; throws an ApiError the form shows. */
  saveTemplate: (id: string | null, input: FollowUpTemplateInput) => Promise<FollowUpTemplate>;
  deleteTemplate: (id: string) => Promise<void>;

  /** Runs of contacts whose follow-up panel is open, by contact id. */
  runs: Record<string, FollowUpRun[] | undefined>;
  loadRuns: (contactId: string) => Promise<FollowUpRun[]>;
  /** Starts a sequence; the contact's runs are refreshed. Throws the ApiError. */
  start: (contactId: string, templateId: string) => Promise<FollowUpRun>;
  stop: (contactId: string) => Promise<FollowUpRun>;
}

let loading: Promise<void> | null = null;

const byName = (a: FollowUpTemplate, b: FollowUpTemplate) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id);

/** The follow-ups domain of the renderer: the templates (screen and picker share them) and contacts' runs. */
export const useFollowUpsStore = create<FollowUpsState>()((set, get) => ({
  templates: [],
  status: 'idle',
  error: null,
  runs: {},

  loadTemplates: ({ force = false } = {}) => {
    if (!force && get().status === 'ready') return Promise.resolve();
    if (loading) return loading;
    set({ status: 'loading', error: null });
    loading = followUpsApi
      .templates()
      .then(
        (list) => set({ templates: [...list.items].sort(byName), status: 'ready', error: null }),
        (error: unknown) => set({ status: 'error', error: errorMessage(error, 'followups:rules.loadFailed') }),
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  },

  saveTemplate: async (id, input) => {
    const saved = id ? await followUpsApi.updateTemplate(id, input) : await followUpsApi.createTemplate(input);
    set((state) => ({ templates: [...state.templates.filter((t) => t._id !== saved._id), saved].sort(byName) }));
    return saved;
  },

  deleteTemplate: async (id) => {
    await followUpsApi.deleteTemplate(id);
    set((state) => ({ templates: state.templates.filter((t) => t._id !== id) }));
  },

  loadRuns: async (contactId) => {
    const list = await followUpsApi.runs(contactId);
    set((state) => ({ runs: { ...state.runs, [contactId]: list.items } }));
    return list.items;
  },

  start: async (contactId, templateId) => {
    const run = await followUpsApi.start(contactId, templateId);
    await get()
      .loadRuns(contactId)
      .catch(() => undefined);
    return run;
  },

  stop: async (contactId) => {
    const run = await followUpsApi.stop(contactId);
    await get()
      .loadRuns(contactId)
      .catch(() => undefined);
    return run;
  },
}));

/** Test helper: a fresh store, as after a page load. */
export function resetFollowUpsStoreForTests(): void {
  loading = null;
  useFollowUpsStore.setState({ templates: [], status: 'idle', error: null, runs: {} });
}
