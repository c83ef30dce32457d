import { Inject, Injectable } from '@nestjs/common';
import { WHATSAPP_DRIVER, type WhatsAppDriver } from './whatsapp-driver.js';
import type { WhatsappAccountRow } from './whatsapp.table.js';

/** A driver added by another module, and which companies' sessions it runs (read from the company's account). */
export type WhatsAppDriverChoice = {
  driver: WhatsAppDriver;
  runs(account: WhatsappAccountRow): boolean;
};

/**
 * Which driver runs a company's session: the one place a session's driver is chosen. By default
 * the driver the deployment is configured with (WHATSAPP_DRIVER: the simulator or whatsapp-web.js);
 * another connection kind registers itself here from its own module (at its onModuleInit) with
 * the companies it runs, so this module never imports it. The first registered choice that runs
 * the company wins. A live session keeps the driver it was started with (reconnects too).
 */
@Injectable()
export class WhatsAppDrivers {
  private readonly choices: WhatsAppDriverChoice[] = [];

  constructor(@Inject(WHATSAPP_DRIVER) readonly configured: WhatsAppDriver) {}

  register(choice: WhatsAppDriverChoice) {
    this.choices.push(choice);
  }

  /** The driver for the company's session, from its stored account. */
  forAccount(account: WhatsappAccountRow): WhatsAppDriver {
    return this.choices.find((choice) => choice.runs(account))?.driver ?? this.configured;
  }

  /** Every driver, for what must reach each (a deleted company's stored sessions). */
  all(): WhatsAppDriver[] {
    return [...new Set([this.configured, ...this.choices.map((choice) => choice.driver)])];
  }
}
