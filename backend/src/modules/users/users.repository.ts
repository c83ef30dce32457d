import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Role, UpdatePreferencesRequest } from '@crm/common';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { tenants } from '../tenants/tenants.table.js';
import { users, type UserRow } from './users.table.js';
import { containsPattern } from '../../platform/db/contains-pattern.js';

export type UserChange = Partial<{ name: string; email: string; role: Role; isActive: boolean; passwordHash: string }>;
export type NewUser = { tenantId: string; name: string; email: string; passwordHash: string; role: Role; isActive?: boolean };

@Injectable()
export class UsersRepository {
  /** Sign-in looks a user up before any tenant is known: the platform path. */
  async findByEmail(tx: PlatformTx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  async emailExists(tx: PlatformTx | TenantTx, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return !!row;
  }

  async insert(tx: PlatformTx | TenantTx, user: NewUser): Promise<UserRow> {
    const [row] = await tx.insert(users).values(user).returning();
    return row;
  }

  async findById(tx: TenantTx, tenantId: string, id: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .limit(1);
    return row;
  }

  /** The company's users among `ids` (a note's mentions: at most a few dozen). */
  async findByIds(tx: TenantTx, tenantId: string, ids: string[]): Promise<UserRow[]> {
    if (!ids.length) return [];
    return tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  }

  async list(tx: TenantTx, tenantId: string, filter: { role?: Role }): Promise<UserRow[]> {
    return tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), filter.role ? eq(users.role, filter.role) : undefined))
      .orderBy(asc(users.name));
  }

  /** The user's own preferences; the row comes back so the answer shows what was saved. */
  async updatePreferences(tx: TenantTx, tenantId: string, id: string, change: UpdatePreferencesRequest, at: Date): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...change, updatedAt: at })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .returning();
    return row;
  }

  /** An admin's change to a colleague: name, email, role, active flag, password hash; the row as saved. */
  async update(tx: TenantTx | PlatformTx, tenantId: string, id: string, change: UserChange, at: Date): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...change, updatedAt: at })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .returning();
    return row;
  }

  /**
   * Holds the company's admin changes one at a time until the transaction ends, so that two admins
   * demoting each other at once cannot leave the company without an active admin.
   */
  async lockAdminChanges(tx: TenantTx | PlatformTx, tenantId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-admins:${tenantId}`}))`);
  }

  async countActiveWithRoles(tx: TenantTx | PlatformTx, tenantId: string, roles: readonly Role[]): Promise<number> {
    if (!roles.length) return 0;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.role, [...roles]), eq(users.isActive, true)));
    return row?.n ?? 0;
  }

  /** Active users of these roles, oldest first: the order the round-robin distribution deals leads in. */
  async activeIdsWithRoles(tx: TenantTx, tenantId: string, roles: readonly Role[]): Promise<string[]> {
    if (!roles.length) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.role, [...roles]), eq(users.isActive, true)))
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows.map((u) => u.id);
  }

  /** The time the user was last seen online (their offline announcement's). */
  async recordLastSeen(tx: TenantTx, tenantId: string, id: string, at: Date) {
    await tx
      .update(users)
      .set({ lastSeenAt: at })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  }

  /** A sign-in session's activity: the user was seen now (the team screens' "last seen"). */
  async touchLastSeen(tx: PlatformTx, id: string, at: Date) {
    await tx.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
  }

  async markFirstLogin(tx: PlatformTx, id: string, at: Date) {
    await tx
      .update(users)
      .set({ firstLoginAt: sql`coalesce(${users.firstLoginAt}, ${at})`, lastSeenAt: at })
      .where(eq(users.id, id));
  }

  // ---- the super administrator's users of every company (platform path) ----

  /** Users of every company (or one), with their company, by name; q matches name or email in any case (trigram indexes). */
  async pageAcrossTenants(tx: PlatformTx, filter: { q?: string; tenantId?: string; limit: number; offset: number }) {
    const pattern = filter.q ? containsPattern(filter.q) : undefined;
    const where = and(filter.tenantId ? eq(users.tenantId, filter.tenantId) : undefined, pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined);
    const rows = await tx
      .select({ user: users, tenant: { id: tenants.id, name: tenants.name } })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [{ total }] = await tx.select({ total: count() }).from(users).where(where);
    return { rows, total };
  }

  /** Any company's user, by id alone (the super area). `forUpdate` holds the row until the transaction ends. */
  async findAnyById(tx: PlatformTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
    const q = tx.select().from(users).where(eq(users.id, id)).limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  }

  async remove(tx: PlatformTx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
