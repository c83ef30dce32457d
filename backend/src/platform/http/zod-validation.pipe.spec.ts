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
  it('lists the first issue of every refused field, with the limit or format it broke', () => {
    const form = z.object({ name: z.string().min(2).max(5), email: z.email(), count: z.number().min(1).max(9), tags: z.array(z.string()).max(1) });
    try {
      new ZodValidationPipe(form).transform({ name: 'a', email: 'nope', count: 10, tags: ['a', 'b'] });
    } catch (err) {
      expect((err as ApiError).issues).toEqual([
        { field: 'name', issue: 'too_small', minimum: 2, origin: 'string' },
        { field: 'email', issue: 'invalid_format', format: 'email' },
        { field: 'count', issue: 'too_big', maximum: 9, origin: 'number' },
        { field: 'tags', issue: 'too_big', maximum: 1, origin: 'array' },
      ]);
      expect((err as ApiError).params).toEqual({ field: 'name', issue: 'too_small', minimum: 2, origin: 'string' });
      return;
    }
    throw new Error('expected a failure');
  });
  it('returns the parsed value when valid', () => {
    expect(new ZodValidationPipe(schema).transform({ email: 'a', age: 2 })).toEqual({ email: 'a', age: 2 });
  });
});

describe('ZodValidationPipe: text PostgreSQL cannot store', () => {
  const note = z.object({ title: z.string(), lines: z.array(z.object({ text: z.string() })).optional() });
  const refused = (value: unknown, text: 'refuse' | 'strip' | 'raw' = 'refuse') => {
    try {
      new ZodValidationPipe(note, text).transform(value);
    } catch (err) {
      if (err instanceof ApiError) return { status: err.getStatus(), message: err.message, field: err.field };
      throw err;
    }
    return undefined;
  };

  it('refuses NUL and lone surrogates with a 400 naming the field, nested or not', () => {
    expect(refused({ title: 'a\u0000b' })).toEqual({ status: 400, field: 'title', message: 'title contains characters that are not allowed (such as a NUL byte).' });
    expect(refused({ title: 'ok', lines: [{ text: 'fine' }, { text: 'half an emoji \ud83d' }] })?.field).toBe('lines.1.text');
    expect(refused({ title: 'ok', lines: [{ text: 'stray low half \udc00 here' }] })?.field).toBe('lines.0.text');
    // whole emoji are text like any other
    expect(refused({ title: 'Thanks 🙏🏽 ✨' })).toBeUndefined();
  });

  it('refuses it in keys too, and names a made-up key cut short', () => {
    expect(refused({ title: 'ok', ['k\u0000']: 1 })?.field).toBe('k\u0000');
    const long = refused({ title: 'ok', ['x'.repeat(10_000) + '\u0000']: 1 })!;
    expect(long.field!.length).toBeLessThanOrEqual(101);
    expect(long.message.length).toBeLessThan(300);
  });

  it('does not overflow the stack on a deeply nested body', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refused({ title: 'ok', deep })?.status).toBe(400);
  });

  it('strips it from query strings (a search for NUL is a search for nothing) and passes it through for raw routes', () => {
    expect(new ZodValidationPipe(note, 'strip').transform({ title: 'Mo\u0000na\ud800' })).toEqual({ title: 'Mona' });
    expect(new ZodValidationPipe(note, 'raw').transform({ title: 'Mo\u0000na' })).toEqual({ title: 'Mo\u0000na' });
  });
});
