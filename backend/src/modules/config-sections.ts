import type { ConfigSection } from '../platform/config/config.js';
import { campaignConfig } from './campaigns/campaign-options.js';
import { followUpConfig } from './follow-ups/follow-up-options.js';
import { scheduledMessageConfig } from './scheduled-messages/scheduled-message-options.js';
import { messengerConfig } from './whatsapp/messenger-options.js';
import { whatsAppCloudConfig } from './whatsapp-cloud/cloud-options.js';

/**
 * Every module's own config section. The app validates them all at start-up with platform's
 * variables (app.config.ts), so a bad value prints one line naming the variable and exits 1.
 * A module that adds variables adds its section here.
 */
export const moduleConfigSections: readonly ConfigSection<unknown>[] = [messengerConfig, followUpConfig, whatsAppCloudConfig, campaignConfig, scheduledMessageConfig];
