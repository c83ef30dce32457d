import { z } from 'zod';
import { MAX_PAGE_SIZE, TASK_STATUSES } from '../constants.js';
import { isCalendarDay } from '../rules/day-range.js';
import { numericInput } from '../shared/inputs.js';

/** A task; its comments carry their author's name and time. */
export const taskCommentSchema = z.object({
  _id: z.uuid(),
  userId: z.string().nullable(),
  userName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
  status: z.enum(TASK_STATUSES),
  assignedTo: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Oldest first. */
  comments: z.array(taskCommentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({ items: z.array(taskSchema), total: z.number() });
export type TaskList = z.infer<typeof taskListSchema>;

export const TASK_TITLE_REQUIRED_MESSAGE = 'Title is required.';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const title = z.preprocess((v) => v ?? '', z.string({ message: TASK_TITLE_REQUIRED_MESSAGE }).trim().min(1, TASK_TITLE_REQUIRED_MESSAGE).max(200, 'Title must be at most 200 characters'));
const description = z.preprocess(blankToNull, z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable()).optional();
const dueDate = z.preprocess(blankToNull, z.string().trim().refine(isCalendarDay, { message: 'Due date must be a day written YYYY-MM-DD' }).nullable()).optional();

/** Admin: POST /tasks. */
export const createTaskSchema = z.object({
  title,
  description,
  dueDate,
  assignedTo: z.uuid({ message: 'Assignee is required' }),
});
export type CreateTaskRequest = z.infer<typeof createTaskSchema>;

/** Sales: POST /tasks/my (assigned to oneself; the due date not before today in the company's time zone). */
export const createMyTaskSchema = z.object({ title, description, dueDate });
export type CreateMyTaskRequest = z.infer<typeof createMyTaskSchema>;

/**
 * PATCH /tasks/{id}: admins may comment, reassign and set the status; the assignee may set the
 * status with an optional comment. A comment is stored only when non-blank after trimming.
 */
export const updateTaskSchema = z.object({
  comment: z.string().max(2000, 'Comment must be at most 2000 characters').optional(),
  assignedTo: z.preprocess(blankToUndefined, z.uuid({ message: 'Invalid assignee' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(TASK_STATUSES, { message: 'Status must be pending or completed' }).optional()),
});
export type UpdateTaskRequest = z.infer<typeof updateTaskSchema>;

const status = z.preprocess(blankToUndefined, z.enum(TASK_STATUSES, { message: 'Status must be pending or completed' }).optional());
const page = numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number');
const limit = numericInput(
  z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(100),
  'limit must be a number',
);

/** Admin: GET /tasks, newest first. */
export const tasksQuerySchema = z.object({
  status,
  assignedTo: z.preprocess(blankToUndefined, z.uuid({ message: 'Invalid assignee' }).optional()),
  page,
  limit,
});
export type TasksQuery = z.infer<typeof tasksQuerySchema>;

/** Sales: GET /tasks/my. */
export const myTasksQuerySchema = z.object({ status, page, limit });
export type MyTasksQuery = z.infer<typeof myTasksQuerySchema>;
