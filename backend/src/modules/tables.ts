/**
 * Every Drizzle table of the app, owned by the modules that declare them. The app root hands this
 * to platform's DatabaseModule (platform never imports a module); drizzle-kit globs the same
 * `*.table.ts` files (drizzle.config.ts). tables.spec.ts fails when a table file is missing here.
 */
export * from './tenants/tenants.table.js';
export * from './users/users.table.js';
export * from './auth/auth.table.js';
export * from './products/products.table.js';
export * from './shipping/shipping.table.js';
export * from './contacts/contacts.table.js';
export * from './contacts/pipeline-history.table.js';
export * from './contacts/contact-hand-overs.table.js';
export * from './contacts/contact-merges.table.js';
export * from './contacts/shipping-history.table.js';
export * from './contacts/contact-imports.table.js';
export * from './contacts/contact-search-words.table.js';
export * from './expenses/expenses.table.js';
export * from './messages/messages.table.js';
export * from './whatsapp/whatsapp.table.js';
export * from './canned-responses/canned-responses.table.js';
export * from './notifications/notifications.table.js';
export * from './follow-ups/follow-ups.table.js';
export * from './tasks/tasks.table.js';
export * from './deal-board/deal-board.table.js';
export * from './super-audit/super-audit.table.js';
export * from './whatsapp/whatsapp-session-lease.table.js';
export * from './whatsapp-cloud/whatsapp-cloud.table.js';
export * from './labels/labels.table.js';
export * from './contacts/contact-opt-outs.table.js';
export * from './campaigns/campaigns.table.js';
export * from './scheduled-messages/scheduled-messages.table.js';
export * from './order-confirmations/order-confirmations.table.js';
