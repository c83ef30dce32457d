import { z } from 'zod';
import { SHIPPING_STATUSES } from '../constants.js';
import { GOVERNORATE_CODES } from '../rules/governorates.js';
import { isTrackingUrl } from '../rules/tracking-link.js';
import { numericInput } from '../shared/inputs.js';

export const governorateFeeSchema = z.object({ governorate: z.string(), fee: z.number() });
export type GovernorateFee = z.infer<typeof governorateFeeSchema>;

/** A courier the company ships with, and its fee per governorate. */
export const shippingCompanySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  /** May hold `{tracking}`, replaced by a deal's tracking number to link to the parcel. */
  trackingURL: z.string().nullable(),
  governorateFees: z.array(governorateFeeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShippingCompany = z.infer<typeof shippingCompanySchema>;

export const shippingCompanyListSchema = z.object({ items: z.array(shippingCompanySchema), total: z.number() });
export type ShippingCompanyList = z.infer<typeof shippingCompanyListSchema>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (name: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ message: `${name} must be text` })
        .trim()
        .max(max, `${name} must be at most ${max} characters`)
        .nullable(),
    )
    .optional();

/** POST /shipping: name required, the rest optional. */
export const createShippingCompanySchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  contactPerson: optionalText('Contact person', 200),
  phone: optionalText('Phone', 40),
  /** http(s) only: a `javascript:` or `data:` address is refused, never stored. */
  trackingURL: z
    .preprocess(
      blankToNull,
      z
        .string({ message: 'Tracking URL must be text' })
        .trim()
        .max(1000, 'Tracking URL must be at most 1000 characters')
        .refine(isTrackingUrl, 'Tracking URL must be a web address starting with http:// or https://')
        .nullable(),
    )
    .optional(),
  /** Replaces the company's fees; one per governorate. */
  governorateFees: z
    .array(
      z.object({
        governorate: z.enum(GOVERNORATE_CODES, { message: 'Choose a governorate from the list' }),
        fee: numericInput(z.number({ message: 'Fee must be a number' }).finite().min(0, 'Fee cannot be negative').max(1e9, 'Fee is too large'), 'Fee must be a number'),
      }),
    )
    .max(GOVERNORATE_CODES.length)
    .refine((fees) => new Set(fees.map((f) => f.governorate)).size === fees.length, { message: 'Each governorate may have one fee' })
    .optional(),
});
export type CreateShippingCompanyRequest = z.infer<typeof createShippingCompanySchema>;

export const updateShippingCompanySchema = createShippingCompanySchema.partial();
export type UpdateShippingCompanyRequest = z.infer<typeof updateShippingCompanySchema>;

/** GET /shipping/stats: per company, over all of the company's deals. */
export const shippingStatsEntrySchema = z.object({
  company: z.object({ _id: z.uuid(), name: z.string() }),
  totalShipments: z.number(),
  stats: z.object(Object.fromEntries(SHIPPING_STATUSES.map((s) => [s, z.number()])) as Record<(typeof SHIPPING_STATUSES)[number], z.ZodNumber>),
  /** Cash on delivery not yet collected, on parcels neither returned nor cancelled. */
  codOutstanding: z.number(),
});
export type ShippingStatsEntry = z.infer<typeof shippingStatsEntrySchema>;
export const shippingStatsSchema = z.object({ items: z.array(shippingStatsEntrySchema) });
export type ShippingStats = z.infer<typeof shippingStatsSchema>;
