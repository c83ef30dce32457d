import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe.js';
import { ApiError } from './api-error.js';

const schema = z.object({
  email: z.string({ message: 'Email is required' }),
  age: z.number(),
  nested: z.object({ count: z.number().int() }).optional(),
});

function failure(value: unknown) {
  try {
    new ZodValidationPipe(schema).transform(value);
  } catch (err) {
    if (err instanceof ApiError) return { message: err.message, field: err.field };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('ZodValidationPipe', () => {
  it('keeps a message the schema words itself', () => {
    expect(failure({ age: 3 })).toEqual({ message: 'Email is required', field: 'email' });
  });
  it('says a missing field is required, naming it', () => {
    expect(failure({ email: 'a' })).toEqual({ message: 'age is required', field: 'age' });
  });
  it('tells a wrong type from a missing value', () => {
    const result = failure({ email: 'a', age: 'old' });
    expect(result.field).toBe('age');
    expect(result.message).toMatch(/^age: Invalid input: expected number/);
  });
  it('names nested fields with a dotted path', () => {
    expect(failure({ email: 'a', age: 1, nested: { count: 1.5 } }).field).toBe('nested.count');
  });
  it('gives every refusal the validation code, with the field and what was wrong for a translated text', () => {
    const codeOf = (value: unknown) => {
      try {
        new ZodValidationPipe(schema).transform(value);
      } catch (err) {
        if (err instanceof ApiError) return { code: err.code, params: err.params };
      }
      return undefined;
    };
    expect(codeOf({ email: 'a' })).toEqual({ code: 'validation_failed', params: { field: 'age', issue: 'required' } });
    expect(codeOf({ email: 'a', age: 'old' })).toEqual({ code: 'validation_failed', params: { field: 'age', issue: 'invalid_type' } });
  });
  it('returns the parsed value when valid', () => {
    expect(new ZodValidationPipe(schema).transform({ email: 'a', age: 2 })).toEqual({ email: 'a', age: 2 });
  });
});
