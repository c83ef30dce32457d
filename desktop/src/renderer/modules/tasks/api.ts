import type { CreateMyTaskRequest, CreateTaskRequest, Task, TaskList, UpdateTaskRequest, UserSummary } from '@crm/common';
import { api } from '../../lib/api';

const ALL = { limit: 500 };

/** Team Tasks (admins) and My Tasks (sales); the server keeps each to its own. */
export const tasksApi = {
  list: (signal?: AbortSignal) => api.get<TaskList>('/tasks', { query: ALL, signal }),
  create: (body: CreateTaskRequest) => api.post<Task>('/tasks', body),
  update: (id: string, body: UpdateTaskRequest) => api.patch<Task>(`/tasks/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ message: string }>(`/tasks/${encodeURIComponent(id)}`),
  mine: (signal?: AbortSignal) => api.get<TaskList>('/tasks/my', { query: ALL, signal }),
  createMine: (body: CreateMyTaskRequest) => api.post<Task>('/tasks/my', body),
  users: (signal?: AbortSignal) => api.get<UserSummary[]>('/auth/users', { signal }),
};
