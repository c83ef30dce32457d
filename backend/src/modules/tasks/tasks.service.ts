import { Injectable } from '@nestjs/common';
import {
  can,
  DEFAULT_TIME_ZONE,
  isDueDateAllowed,
  taskCommentText,
  type CreateMyTaskRequest,
  type CreateTaskRequest,
  type MyTasksQuery,
  type Role,
  type Task,
  type TaskList,
  type TasksQuery,
  type UpdateTaskRequest,
} from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersRepository } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { toTaskDto } from './task.mapper.js';
import { TasksRepository } from './tasks.repository.js';

/**
 * Team Tasks (admins: every task of the company) and My Tasks (sales: only the tasks assigned to
 * them). A sales user never sees or changes another user's task: it answers as not found.
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly db: Database,
    private readonly tasks: TasksRepository,
    private readonly users: UsersRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor, query: TasksQuery): Promise<TaskList> {
    this.assertManager(actor);
    const { rows, total } = await this.db.tenant(actor.tenantId, (tx) =>
      this.tasks.list(tx, actor.tenantId, { status: query.status, assignedTo: query.assignedTo, offset: (query.page - 1) * query.limit, limit: query.limit }),
    );
    return { items: rows.map(toTaskDto), total };
  }

  async listMine(actor: TenantActor, query: MyTasksQuery): Promise<TaskList> {
    const { rows, total } = await this.db.tenant(actor.tenantId, (tx) =>
      this.tasks.list(tx, actor.tenantId, { status: query.status, assignedTo: actor.userId, offset: (query.page - 1) * query.limit, limit: query.limit }),
    );
    return { items: rows.map(toTaskDto), total };
  }

  async create(actor: TenantActor, input: CreateTaskRequest): Promise<Task> {
    this.assertManager(actor);
    const now = this.clock.now();
    const { task, assignee } = await this.db.tenant(actor.tenantId, async (tx) => {
      const assignee = await this.activeAssignee(tx, actor.tenantId, input.assignedTo);
      const row = await this.tasks.insert(tx, {
        tenantId: actor.tenantId,
        title: input.title,
        description: input.description ?? null,
        dueDate: input.dueDate ?? null,
        status: 'pending',
        assignedTo: assignee.id,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      return { task: (await this.tasks.findById(tx, actor.tenantId, row.id))!, assignee };
    });
    if (assignee.id !== actor.userId) await this.notifyTaskAssigned(actor.tenantId, assignee, task.id, task.title, actor.name);
    return toTaskDto(task);
  }

  async createMine(actor: TenantActor, input: CreateMyTaskRequest): Promise<Task> {
    const now = this.clock.now();
    // "today" is the company's day: DEFAULT_TIME_ZONE, the one company zone (as the subscription expiry reads it)
    if (!isDueDateAllowed(input.dueDate, now, DEFAULT_TIME_ZONE)) {
      throw ApiError.badRequest('The due date cannot be earlier than today.', 'dueDate').withCode('task.due_date_past', { dueDate: input.dueDate! });
    }
    const task = await this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.tasks.insert(tx, {
        tenantId: actor.tenantId,
        title: input.title,
        description: input.description ?? null,
        dueDate: input.dueDate ?? null,
        status: 'pending',
        assignedTo: actor.userId,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      return (await this.tasks.findById(tx, actor.tenantId, row.id))!;
    });
    return toTaskDto(task);
  }

  /** Admins: comment, reassign, status. The assignee: status with an optional comment. */
  async update(actor: TenantActor, id: string, input: UpdateTaskRequest): Promise<Task> {
    const manager = may(actor, 'team.manage');
    const now = this.clock.now();
    const comment = taskCommentText(input.comment);
    const { before, after, newAssignee } = await this.db.tenant(actor.tenantId, async (tx) => {
      const before = await this.tasks.findById(tx, actor.tenantId, id);
      if (!before || (!manager && !(may(actor, 'tasks.mine') && before.assignedTo === actor.userId))) throw this.notFound();
      let newAssignee: UserRow | undefined;
      if (input.assignedTo !== undefined && input.assignedTo !== before.assignedTo) {
        if (!manager) {
          throw ApiError.forbidden('Only an admin can reassign a task.').withCode('task.reassign_refused');
        }
        newAssignee = await this.activeAssignee(tx, actor.tenantId, input.assignedTo);
      }
      const change = {
        ...(newAssignee ? { assignedTo: newAssignee.id } : {}),
        ...(input.status && input.status !== before.status ? { status: input.status } : {}),
      };
      if (Object.keys(change).length) await this.tasks.update(tx, actor.tenantId, id, change, now);
      if (comment) await this.tasks.addComment(tx, { tenantId: actor.tenantId, taskId: id, userId: actor.userId, userName: actor.name, text: comment, createdAt: now });
      return { before, after: (await this.tasks.findById(tx, actor.tenantId, id))!, newAssignee };
    });
    if (newAssignee && newAssignee.id !== actor.userId) await this.notifyTaskAssigned(actor.tenantId, newAssignee, id, after.title, actor.name);
    if (comment && after.assignedTo && after.assignedTo !== actor.userId) {
      const assignee = newAssignee ?? (await this.db.tenant(actor.tenantId, (tx) => this.users.findById(tx, actor.tenantId, after.assignedTo!)));
      if (assignee) await this.notifyTaskComment(actor.tenantId, assignee, id, before.title, actor.name);
    }
    return toTaskDto(after);
  }

  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    this.assertManager(actor);
    const deleted = await this.db.tenant(actor.tenantId, (tx) => this.tasks.delete(tx, actor.tenantId, id));
    if (!deleted) throw this.notFound();
    return { message: 'Task deleted.' };
  }

  private async activeAssignee(tx: TenantTx, tenantId: string, userId: string): Promise<UserRow> {
    const user = await this.users.findById(tx, tenantId, userId);
    if (!user || !user.isActive) {
      throw ApiError.badRequest('The assignee must be an active user of your company.', 'assignedTo').withCode('task.assignee_invalid');
    }
    return user;
  }

  /** The bell line for the new assignee, worded in their language from the code. */
  private notifyTaskAssigned(tenantId: string, assignee: UserRow, taskId: string, title: string, by: string) {
    return this.notifications.notifyUsers(tenantId, [assignee.id], { code: 'task.assigned', params: { by, title }, link: taskLink(assignee, taskId) });
  }

  /** The bell line for the assignee when someone else comments. */
  private notifyTaskComment(tenantId: string, assignee: UserRow, taskId: string, title: string, by: string) {
    return this.notifications.notifyUsers(tenantId, [assignee.id], { code: 'task.commented', params: { by, title }, link: taskLink(assignee, taskId) });
  }

  private notFound() {
    return ApiError.notFound('Task not found.').withCode('task.not_found');
  }

  private assertManager(actor: TenantActor) {
    if (!may(actor, 'team.manage')) {
      throw ApiError.forbidden('Only admins can manage team tasks.').withCode('permission_denied', { permission: 'team.manage' });
    }
  }
}

/** Where the bell line leads: My Tasks for a user who has it, else Team Tasks; the task opened. */
function taskLink(user: UserRow, taskId: string): string {
  return can(user.role as Role, 'tasks.mine') ? `/my-tasks?task=${taskId}` : `/team/tasks?task=${taskId}`;
}
