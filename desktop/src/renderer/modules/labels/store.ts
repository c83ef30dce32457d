import type { Label, LabelInput, LabelPatch } from '@crm/common';
import { useEffect } from 'react';
import { create } from 'zustand';
import { errorMessage } from '../../lib/error-message';
import { useAuthStore } from '../auth/store';
import { labelsApi } from './api';

export type LabelsStatus = 'idle' | 'loading' | 'ready' | 'error';

interface LabelsState {
  items: Label[];
  status: LabelsStatus;
  error: string | null;
  /** Loads once for every chip, picker and filter on screen; `force` reloads (the manager). */
  load: (options?: { force?: boolean }) => Promise<void>;
  create: (input: LabelInput) => Promise<Label>;
  update: (id: string, patch: LabelPatch) => Promise<Label>;
  remove: (id: string) => Promise<void>;
}

const byName = (a: Label, b: Label) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * The company's labels. Lists send only label ids on their rows, so the names and colours of every
 * chip come from here; a failed load leaves the chips out rather than breaking the list around them.
 */
export const useLabelsStore = create<LabelsState>()((set, get) => ({
  items: [],
  status: 'idle',
  error: null,

  load: async ({ force = false } = {}) => {
    if (!force && (get().status === 'ready' || get().status === 'loading')) return;
    set({ status: 'loading', error: null });
    try {
      const list = await labelsApi.list();
      set({ items: [...list.items].sort(byName), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: errorMessage(error, 'labels:loadFailed', { list: true }) });
    }
  },

  create: async (input) => {
    const saved = await labelsApi.create(input);
    set((state) => ({ items: [...state.items, saved].sort(byName) }));
    return saved;
  },

  update: async (id, patch) => {
    const saved = await labelsApi.update(id, patch);
    set((state) => ({ items: state.items.map((item) => (item._id === id ? saved : item)).sort(byName) }));
    return saved;
  },

  remove: async (id) => {
    await labelsApi.remove(id);
    set((state) => ({ items: state.items.filter((item) => item._id !== id) }));
  },
}));

// Another company's user signing in on this machine must not see these labels.
useAuthStore.subscribe((state, previous) => {
  if (previous.status === 'authenticated' && state.status !== 'authenticated') resetLabelsStore();
});

export function resetLabelsStore(): void {
  useLabelsStore.setState({ items: [], status: 'idle', error: null });
}

/** The company's labels, loaded on first use. */
export function useLabels(): Label[] {
  const items = useLabelsStore((state) => state.items);
  const load = useLabelsStore((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);
  return items;
}
