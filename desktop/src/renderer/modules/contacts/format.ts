import type { ContactStage, PipelineStatus, ShippingStatus } from '@crm/common';
import type { MantineColor } from '@mantine/core';

/** Colours of the contact domain's badges; money, dates and days are formatted by lib/format. */

export const STAGE_COLORS: Record<ContactStage, MantineColor> = { lead: 'blue', customer: 'teal', sales: 'grape' };

/**
 * New gray, contacted blue, qualified indigo, proposal amber, won green, lost red;
 * negotiation (only in the profile's reading) gets violet, between proposal and won.
 */
export const PIPELINE_STATUS_COLORS: Record<PipelineStatus, MantineColor> = {
  new: 'gray',
  contacted: 'blue',
  qualified: 'indigo',
  proposal: 'yellow',
  negotiation: 'violet',
  won: 'green',
  lost: 'red',
};

export const SHIPPING_STATUS_COLORS: Record<ShippingStatus, MantineColor> = {
  pending: 'gray',
  processing: 'blue',
  shipped: 'indigo',
  delivered: 'green',
  returned: 'orange',
  cancelled: 'red',
};
