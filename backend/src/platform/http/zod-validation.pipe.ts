import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from './api-error.js';

/** Validates and converts a request part with a schema from `common/`; the first issue names its field. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue.path.map(String).join('.');
    if (issue.code === 'invalid_type' && issue.input === undefined && field) throw ApiError.badRequest(`${field} is required`, field);
    // our schemas word their own messages; zod's generic ones get the field name in front
    const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message);
    throw ApiError.badRequest(generic && field ? `${field}: ${issue.message}` : issue.message, field || undefined);
  }
}
