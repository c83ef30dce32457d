import type { Label } from '@crm/common';
import { ok } from '../../../test/fake-api';
import { testId } from '../../../test/fake-crm-api';

/** A label as the server sends it, for the label tests (never imported by the app). */
export const makeLabel = (name: string, colour = '#2f9e44'): Label => ({ _id: testId(), name, colour });

/** GET /api/labels answering these labels. */
export const labelsList = (labels: Label[]) => () => ok({ items: labels, total: labels.length });
