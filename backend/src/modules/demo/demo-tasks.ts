import { dayIn } from '@crm/common';
import type { PlatformTx } from '../../platform/db/database.types.js';
import type { TasksRepository } from '../tasks/tasks.repository.js';
import type { DemoContext } from './demo-crm-data.js';

const DAY = 86_400_000;

/** A few team tasks for the demo reps (Team Tasks and My Tasks are not empty on first start). */
export async function seedDemoTasks(tx: PlatformTx, ctx: DemoContext, tasks: TasksRepository): Promise<void> {
  const [sara, omar] = ctx.salesIds;
  const day = (offset: number) => dayIn(new Date(ctx.now.getTime() + offset * DAY));
  const rows = [
    {
      title: 'Call back the Heliopolis abaya leads',
      description: 'Three leads asked for sizes on WhatsApp yesterday; send them the size chart.',
      dueDate: day(1),
      assignedTo: sara,
      status: 'pending',
    },
    { title: 'Confirm Bosta pickups for Thursday', description: null, dueDate: day(2), assignedTo: omar, status: 'pending' },
    { title: 'Send the Ramadan lantern catalogue', description: 'PDF with the new prices to every customer who bought a lantern last year.', dueDate: day(-2), assignedTo: sara, status: 'completed' },
  ] as const;
  for (const [i, row] of rows.entries()) {
    const at = new Date(ctx.now.getTime() - (rows.length - i) * 3_600_000);
    const task = await tasks.insert(tx, { ...row, tenantId: ctx.tenantId, createdBy: ctx.adminId, createdAt: at, updatedAt: at });
    if (row.status === 'completed') {
      await tasks.addComment(tx, { tenantId: ctx.tenantId, taskId: task.id, userId: sara, userName: 'Sara Sales', text: 'Sent to 42 customers.', createdAt: at });
    }
  }
}
