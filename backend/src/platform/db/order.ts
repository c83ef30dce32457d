import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `column DESC NULLS LAST`: the order drizzle-kit builds every `.desc()` index column in.
 * drizzle's `desc(column)` means NULLS FIRST, which PostgreSQL does not match to such an index even
 * on a NOT NULL column: it then sorts every row of the range (a chat's whole history, a company's
 * whole task list) on each page instead of reading the page from the index. Lists that page
 * newest first use this.
 */
export const newestFirst = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;
