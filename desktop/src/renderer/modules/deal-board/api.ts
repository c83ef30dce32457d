import type { Contact, DealBoard, DealBoardSettings, DealColumn, LabelMatch, PipelineStatus } from '@crm/common';
import { api } from '../../lib/api';
import { userTimeZone } from '../../lib/format';

/** The board's filters as the server reads them (the table's filters; the board is always the sales stage). */
export interface BoardFilters {
  q: string;
  from: string | null;
  to: string | null;
  /** A sales user, 'unassigned', or '' for everyone (admins). */
  assignedTo: string;
  productId: string;
  /** Label ids joined by commas ('' for none), and whether a card needs any or all of them. */
  labels: string;
  labelMatch: LabelMatch;
}

const query = (f: BoardFilters) => ({
  q: f.q || undefined,
  from: f.from,
  to: f.to,
  assignedTo: f.assignedTo || undefined,
  productId: f.productId || undefined,
  labels: f.labels || undefined,
  labelMatch: f.labels ? f.labelMatch : undefined,
  tz: userTimeZone(),
});

export const dealBoardApi = {
  load: (filters: BoardFilters, signal?: AbortSignal) => api.get<DealBoard>('/deals/board', { query: query(filters), signal }),
  column: (status: PipelineStatus, filters: BoardFilters, page: number) => api.get<DealColumn>(`/deals/board/${status}`, { query: { ...query(filters), page } }),
  move: (id: string, status: PipelineStatus, lostReason?: string) => api.patch<Contact>(`/deals/${id}/status`, { status, lostReason }),
  settings: (signal?: AbortSignal) => api.get<DealBoardSettings>('/deals/settings', { signal }),
  saveSettings: (settings: DealBoardSettings) => api.put<DealBoardSettings>('/deals/settings', settings),
};
