import type { ContactStage } from '../constants.js';

/**
 * The stage moves the product allows: a lead becomes a customer,
 * a customer moves to sales, and a customer or a sales deal goes back to lead. Nothing else.
 */
export const STAGE_TRANSITIONS: Readonly<Record<ContactStage, readonly ContactStage[]>> = {
  lead: ['customer'],
  customer: ['sales', 'lead'],
  sales: ['lead'],
};

/** The label of the button that makes each move. */
export const STAGE_ACTION_LABELS: Readonly<Record<ContactStage, string>> = {
  customer: 'Convert to Customer',
  sales: 'Move to Sales',
  lead: 'Revert to Lead',
};

export function allowedNextStages(from: ContactStage): readonly ContactStage[] {
  return STAGE_TRANSITIONS[from] ?? [];
}

export function canChangeStage(from: ContactStage, to: ContactStage): boolean {
  return allowedNextStages(from).includes(to);
}

const STAGE_NOUNS: Readonly<Record<ContactStage, string>> = { lead: 'a lead', customer: 'a customer', sales: 'a sales deal' };

/** Why a move is refused, in words a user understands; undefined when it is allowed. */
export function stageChangeError(from: ContactStage, to: ContactStage): string | undefined {
  if (canChangeStage(from, to)) return undefined;
  if (from === to) return `This contact is already ${STAGE_NOUNS[to]}.`;
  const allowed = allowedNextStages(from);
  const hint = allowed.length ? ` From ${from} it can only move to ${allowed.join(' or ')}.` : '';
  return `A contact cannot move from ${from} to ${to}.${hint}`;
}
