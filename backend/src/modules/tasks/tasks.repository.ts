import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskStatus } from '@crm/common';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { users } from '../users/users.table.js';
import { taskComments, tasks, type TaskCommentRow, type TaskRow } from './tasks.table.js';
import { newestFirst } from '../../platform/db/order.js';

export type NewTask = Omit<typeof tasks.$inferInsert, 'id'> & { id?: string };
export type NewTaskComment = Omit<typeof taskComments.$inferInsert, 'id'> & { id?: string };
export type TaskFilter = { status?: TaskStatus; assignedTo?: string; offset: number; limit: number };
/** A task with its assignee's and creator's names and its comments (oldest first). */
export type TaskRecord = TaskRow & { assigneeName: string | null; creatorName: string | null; comments: TaskCommentRow[] };

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

@Injectable()
export class TasksRepository {
  async list(tx: TenantTx, tenantId: string, filter: TaskFilter): Promise<{ rows: TaskRecord[]; total: number }> {
    const where = and(eq(tasks.tenantId, tenantId), filter.status ? eq(tasks.status, filter.status) : undefined, filter.assignedTo ? eq(tasks.assignedTo, filter.assignedTo) : undefined);
    const rows = await this.select(tx).where(where).orderBy(newestFirst(tasks.createdAt), newestFirst(tasks.id)).limit(filter.limit).offset(filter.offset);
    const [agg] = await tx.select({ total: count() }).from(tasks).where(where);
    return { rows: await this.withComments(tx, tenantId, rows), total: agg.total };
  }

  async findById(tx: TenantTx, tenantId: string, id: string): Promise<TaskRecord | undefined> {
    const rows = await this.select(tx)
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
      .limit(1);
    return (await this.withComments(tx, tenantId, rows))[0];
  }

  async insert(tx: TenantTx | PlatformTx, row: NewTask): Promise<TaskRow> {
    const [created] = await tx.insert(tasks).values(row).returning();
    return created;
  }

  async update(tx: TenantTx, tenantId: string, id: string, change: Partial<Pick<TaskRow, 'assignedTo' | 'status'>>, at: Date): Promise<void> {
    await tx
      .update(tasks)
      .set({ ...change, updatedAt: at })
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  }

  async addComment(tx: TenantTx | PlatformTx, row: NewTaskComment): Promise<TaskCommentRow> {
    const [created] = await tx.insert(taskComments).values(row).returning();
    return created;
  }

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const deleted = await tx
      .delete(tasks)
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
      .returning({ id: tasks.id });
    return deleted.length > 0;
  }

  private select(tx: TenantTx) {
    return tx
      .select({ task: tasks, assigneeName: assignee.name, creatorName: creator.name })
      .from(tasks)
      .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
      .leftJoin(creator, eq(creator.id, tasks.createdBy))
      .$dynamic();
  }

  private async withComments(tx: TenantTx, tenantId: string, rows: { task: TaskRow; assigneeName: string | null; creatorName: string | null }[]): Promise<TaskRecord[]> {
    const ids = rows.map((r) => r.task.id);
    const comments = ids.length
      ? await tx
          .select()
          .from(taskComments)
          .where(and(eq(taskComments.tenantId, tenantId), inArray(taskComments.taskId, ids)))
          .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
      : [];
    const byTask = new Map<string, TaskCommentRow[]>();
    for (const c of comments) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
    return rows.map((r) => ({ ...r.task, assigneeName: r.assigneeName, creatorName: r.creatorName, comments: byTask.get(r.task.id) ?? [] }));
  }
}
