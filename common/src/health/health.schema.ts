import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  demo: z.boolean(),
});
export type Health = z.infer<typeof healthSchema>;
