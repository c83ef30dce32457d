import type { WhatsAppStatus } from '@crm/common';
import { create } from 'zustand';
import { i18n } from '../../../i18n';
import { errorMessage } from '../../../lib/error-message';
import { localPrefs } from '../../../lib/local-prefs';
import { whatsappApi } from './api';

/** The status refreshes every 300 s and is cached per tenant for the browser session. */
export const STATUS_CACHE_MS = 300_000;
const statusKey = (tenantId: string) => `crm-wa-status:${tenantId}`;
/** POST /whatsapp/accounts is sent once (with 'Default Account'). */
const accountKey = (tenantId: string) => `crm-wa-account:${tenantId}`;

interface CachedStatus {
  status: WhatsAppStatus;
  at: number;
}

function readCache(tenantId: string): CachedStatus | null {
  try {
    const raw = sessionStorage.getItem(statusKey(tenantId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedStatus;
    return parsed && typeof parsed.at === 'number' && parsed.status?.tenantId === tenantId ? parsed : null;
  } catch {
    return null;
  }
}

function writeCache(status: WhatsAppStatus): void {
  try {
    sessionStorage.setItem(statusKey(status.tenantId), JSON.stringify({ status, at: Date.now() } satisfies CachedStatus));
  } catch {
    // The cache only saves a request.
  }
}

interface WhatsAppState {
  tenantId: string | null;
  status: WhatsAppStatus | null;
  /** When the status was last confirmed by the server (ms). */
  fetchedAt: number;
  loading: boolean;
  connecting: boolean;
  deleting: boolean;
  /** 'Could not initialize WhatsApp connection.' after a failed start; cleared by the next attempt. */
  error: string | null;
  /** The tenant's status: the session cache when fresher than 300 s (unless forced), else the server. */
  loadStatus: (tenantId: string, options?: { force?: boolean }) => Promise<void>;
  /** A status pushed with `wa:status` (or answered by a call). */
  setStatus: (status: WhatsAppStatus) => void;
  /** Creates the account once, then starts the session: the QR follows as `wa:status`. */
  connect: (tenantId: string) => Promise<boolean>;
  /** DELETE /whatsapp/session; resolves with the text to show (success or failure). */
  deleteSession: () => Promise<{ ok: boolean; message: string; detail?: string }>;
}

/** Counts the statuses set, so an answer can tell whether a push came while it was on its way. */
let statusesSet = 0;

export const useWhatsAppStore = create<WhatsAppState>()((set, get) => ({
  tenantId: null,
  status: null,
  fetchedAt: 0,
  loading: false,
  connecting: false,
  deleting: false,
  error: null,

  loadStatus: async (tenantId, { force = false } = {}) => {
    if (get().tenantId !== tenantId) set({ tenantId, status: null, fetchedAt: 0, error: null });
    const cached = readCache(tenantId);
    if (cached && !get().status) set({ status: cached.status, fetchedAt: cached.at });
    if (!force && cached && Date.now() - cached.at < STATUS_CACHE_MS) return;
    set({ loading: true });
    try {
      get().setStatus(await whatsappApi.status());
    } catch {
      // The badge keeps the last known status; the socket or the next refresh will tell.
    } finally {
      set({ loading: false });
    }
  },

  setStatus: (status) => {
    const { tenantId } = get();
    if (tenantId && status.tenantId !== tenantId) return;
    statusesSet += 1;
    writeCache(status);
    set({ status, fetchedAt: Date.now(), tenantId: status.tenantId, ...(status.state === 'error' ? {} : { error: null }) });
  },

  connect: async (tenantId) => {
    set({ connecting: true, error: null });
    try {
      if (localPrefs.get(accountKey(tenantId)) !== '1') {
        await whatsappApi.createAccount();
        localPrefs.set(accountKey(tenantId), '1');
      }
      const before = statusesSet;
      const started = await whatsappApi.start();
      // The answer is the status when the server began the session; a `wa:status` pushed while it
      // was on its way (the QR, often within milliseconds) is newer and stays.
      if (statusesSet === before) get().setStatus(started);
      return true;
    } catch {
      set({ error: i18n.t('whatsapp:initFailed') });
      return false;
    } finally {
      set({ connecting: false });
    }
  },

  deleteSession: async () => {
    set({ deleting: true });
    try {
      await whatsappApi.deleteSession();
      const { status, tenantId } = get();
      const id = status?.tenantId ?? tenantId;
      if (id) get().setStatus({ state: 'not_configured', ready: false, qr: null, tenantId: id, reason: null, phoneNumber: null });
      return { ok: true, message: i18n.t('whatsapp:sessionDeleted') };
    } catch (error) {
      const detail = error instanceof Error ? errorMessage(error, 'whatsapp:sessionDeleteFailed') : '';
      const message = i18n.t('whatsapp:sessionDeleteFailed');
      return { ok: false, message, ...(detail && detail !== message ? { detail } : {}) };
    } finally {
      set({ deleting: false });
    }
  },
}));

export function resetWhatsAppStoreForTests(): void {
  useWhatsAppStore.setState({ tenantId: null, status: null, fetchedAt: 0, loading: false, connecting: false, deleting: false, error: null });
}
