import type { Task } from '@crm/common';
import { adminUser, ok, salesUser } from '../../test/fake-api';
import { testId } from '../../test/fake-crm-api';

/** Helpers for the task screens' component tests (never imported by the app). */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    _id: testId(),
    title: 'Call Ahmed back',
    description: 'About the blue sofa he asked for last week at the shop in Nasr City',
    dueDate: '2026-11-30',
    status: 'pending',
    assignedTo: { _id: salesUser._id, name: salesUser.name },
    createdBy: { _id: adminUser._id, name: adminUser.name },
    comments: [],
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export const comment = (text: string, userName = adminUser.name) => ({ _id: testId(), userId: null, userName, text, createdAt: '2026-11-21T09:30:00.000Z' });
export const taskList = (items: Task[]) => ok({ items, total: items.length });
