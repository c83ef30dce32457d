import { z } from 'zod';

/** A courier the company ships with (spec/admin.md §3). */
export const shippingCompanySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  trackingURL: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShippingCompany = z.infer<typeof shippingCompanySchema>;

export const shippingCompanyListSchema = z.object({ items: z.array(shippingCompanySchema), total: z.number() });
export type ShippingCompanyList = z.infer<typeof shippingCompanyListSchema>;
