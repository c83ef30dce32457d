import type { PipelineStatus } from '@crm/common';

/** The pipeline's status names (the table's catalogue), written out so the catalogue checks find them. */
export const STATUS_KEYS: Record<PipelineStatus, string> = {
  new: 'pipeline:status.new',
  contacted: 'pipeline:status.contacted',
  qualified: 'pipeline:status.qualified',
  proposal: 'pipeline:status.proposal',
  negotiation: 'pipeline:status.negotiation',
  won: 'pipeline:status.won',
  lost: 'pipeline:status.lost',
};
