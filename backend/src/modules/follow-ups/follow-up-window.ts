import { Injectable } from '@nestjs/common';
import { AutomatedWindow, type WindowDelivery } from '../messages/window-delivery.js';
import type { StepWork } from './follow-ups.repository.js';

/** How a step may go out: as written (no window, or it is open), as the run's WhatsApp template, or not at all. */
export type StepDelivery = WindowDelivery;

/**
 * The official API's 24-hour window for follow-up steps (the rule is the messenger's, shared with
 * campaigns): outside it a step sends the WhatsApp template its sequence names (`{{1}}` = the
 * contact's name) or is skipped with the reason on its log.
 */
@Injectable()
export class FollowUpWindow {
  constructor(private readonly window: AutomatedWindow) {}

  /** Throws the template's refusal (unknown, not approved) as an ApiError: the step fails with it. */
  delivery(tenantId: string, step: Pick<StepWork, 'contactId' | 'runWhatsAppTemplate'>): Promise<StepDelivery> {
    return this.window.delivery(tenantId, step.contactId, step.runWhatsAppTemplate ? { ...step.runWhatsAppTemplate, params: [] } : null);
  }
}
