import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
  createMyTaskSchema,
  createTaskSchema,
  idParamSchema,
  messageResultSchema,
  myTasksQuerySchema,
  taskListSchema,
  taskSchema,
  tasksQuerySchema,
  updateTaskSchema,
  type CreateMyTaskRequest,
  type CreateTaskRequest,
  type MyTasksQuery,
  type TasksQuery,
  type UpdateTaskRequest,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { TasksService } from './tasks.service.js';

@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @RequirePermission('team.manage')
  @ApiDoc({ summary: 'Every task of the company with its comments, newest first (Team Tasks)', response: taskListSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(tasksQuerySchema) query: TasksQuery) {
    return this.tasks.list(actor, query);
  }

  @Post()
  @RequirePermission('team.manage')
  @ApiDoc({ summary: 'Create a task and assign it; the assignee is notified (Team Tasks)', response: taskSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createTaskSchema) body: CreateTaskRequest) {
    return this.tasks.create(actor, body);
  }

  @Get('my')
  @RequirePermission('tasks.mine')
  @ApiDoc({ summary: 'The tasks assigned to the signed-in user (My Tasks)', response: taskListSchema })
  listMine(@CurrentUser() actor: TenantActor, @ValidQuery(myTasksQuerySchema) query: MyTasksQuery) {
    return this.tasks.listMine(actor, query);
  }

  @Post('my')
  @RequirePermission('tasks.mine')
  @ApiDoc({ summary: "Create a task for oneself; the due date may not be before today in the company's time zone (My Tasks)", response: taskSchema })
  createMine(@CurrentUser() actor: TenantActor, @ValidBody(createMyTaskSchema) body: CreateMyTaskRequest) {
    return this.tasks.createMine(actor, body);
  }

  @Patch(':id')
  @RequirePermission('crm.work')
  @ApiDoc({
    summary: 'Admins: comment, reassign or set the status of any task. Sales: set the status of their own task with an optional comment',
    response: taskSchema,
  })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateTaskSchema) body: UpdateTaskRequest) {
    return this.tasks.update(actor, params.id, body);
  }

  @Delete(':id')
  @RequirePermission('team.manage')
  @ApiDoc({ summary: 'Delete a task (admins)', response: messageResultSchema })
  remove(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.tasks.remove(actor, params.id);
  }
}
