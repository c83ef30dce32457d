/** Every Drizzle table of the app, for the query builder and for drizzle-kit. */
export * from '../../modules/tenants/tenants.table.js';
export * from '../../modules/users/users.table.js';
export * from '../../modules/auth/auth.table.js';
export * from '../../modules/products/products.table.js';
export * from '../../modules/shipping/shipping.table.js';
export * from '../../modules/contacts/contacts.table.js';
export * from '../../modules/expenses/expenses.table.js';
export * from '../../modules/messages/messages.table.js';
export * from '../../modules/whatsapp/whatsapp.table.js';
export * from '../../modules/canned-responses/canned-responses.table.js';
export * from '../../modules/notifications/notifications.table.js';
