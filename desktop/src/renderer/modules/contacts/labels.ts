import type { ContactStage, PipelineStatus, ShippingStatus } from '@crm/common';

/* The contact domain's values as catalogue keys (written out: the key checks read the sources). */

export const STAGE_KEYS = { lead: 'contacts:stages.lead', customer: 'contacts:stages.customer', sales: 'contacts:stages.sales' } as const satisfies Record<ContactStage, string>;

/** The stage buttons' words (common's STAGE_ACTION_LABELS in English). */
export const STAGE_ACTION_KEYS = {
  customer: 'contacts:stageActions.customer',
  sales: 'contacts:stageActions.sales',
  lead: 'contacts:stageActions.lead',
} as const satisfies Record<ContactStage, string>;

export const PIPELINE_STATUS_KEYS = {
  new: 'contacts:pipelineStatus.new',
  contacted: 'contacts:pipelineStatus.contacted',
  qualified: 'contacts:pipelineStatus.qualified',
  proposal: 'contacts:pipelineStatus.proposal',
  negotiation: 'contacts:pipelineStatus.negotiation',
  won: 'contacts:pipelineStatus.won',
  lost: 'contacts:pipelineStatus.lost',
} as const satisfies Record<PipelineStatus, string>;

export const SHIPPING_STATUS_KEYS = {
  pending: 'contacts:shippingStatus.pending',
  processing: 'contacts:shippingStatus.processing',
  shipped: 'contacts:shippingStatus.shipped',
  delivered: 'contacts:shippingStatus.delivered',
  returned: 'contacts:shippingStatus.returned',
  cancelled: 'contacts:shippingStatus.cancelled',
} as const satisfies Record<ShippingStatus, string>;
