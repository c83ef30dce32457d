import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiError } from './api-error.js';

/** Validates and converts a request part with a schema from `common/`; the first issue names its field. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    // reportInput: zod 4 leaves the input out of issues otherwise, and "missing" could not be told from "wrong type"
    const result = this.schema.safeParse(value ?? {}, { reportInput: true });
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue.path.map(String).join('.');
    // our schemas word their own messages; zod's generic ones are rewritten to name the field
    const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    // the renderer words a validation error from the field and zod's issue code in the user's language
    const params = { field, issue: missing ? 'required' : issue.code };
    if (!generic || !field) throw ApiError.badRequest(issue.message, field || undefined).withCode('validation_failed', params);
    throw ApiError.badRequest(missing ? `${field} is required` : `${field}: ${issue.message}`, field).withCode('validation_failed', params);
  }
}
