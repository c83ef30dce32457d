/** Every Drizzle table of the app, for the query builder and for drizzle-kit. */
export * from '../../modules/tenants/tenants.table.js';
export * from '../../modules/users/users.table.js';
export * from '../../modules/auth/auth.table.js';
