import type { Task } from '@crm/common';
import type { TaskRecord } from './tasks.repository.js';

export function toTaskDto(row: TaskRecord): Task {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
    status: row.status === 'completed' ? 'completed' : 'pending',
    assignedTo: row.assignedTo ? { _id: row.assignedTo, name: row.assigneeName ?? '' } : null,
    createdBy: row.createdBy ? { _id: row.createdBy, name: row.creatorName ?? '' } : null,
    comments: row.comments.map((c) => ({ _id: c.id, userId: c.userId, userName: c.userName, text: c.text, createdAt: c.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
