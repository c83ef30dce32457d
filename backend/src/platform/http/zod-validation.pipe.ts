import type { PipeTransform } from '@nestjs/common';
import { echoInput, hasUnstorableCharacters, unstorableTextMessage, withoutUnstorableCharacters, type ErrorParams, type ValidationIssue } from '@crm/common';
import type { z } from 'zod';
import { ApiError } from './api-error.js';

/**
 * What the pipe does with text PostgreSQL cannot store (NUL, lone surrogates; see common/rules/text):
 * - `refuse` (bodies, path parameters): 400 naming the field, before anything is written;
 * - `strip` (query strings): dropped, so a search for "\0" is a search for nothing;
 * - `raw`: passed through, for routes that stand in for WhatsApp itself (the simulator's phone),
 *   whose text is made storable where every driver's inbound messages are (InboundMessagesService).
 */
export type TextPolicy = 'refuse' | 'strip' | 'raw';

/** Validates and converts a request part with a schema from `common/`; the first issue names its field. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform {
  constructor(
    private readonly schema: S,
    private readonly text: TextPolicy = 'refuse',
  ) {}

  transform(value: unknown): z.infer<S> {
    // checked here, once for every route and field, not in each schema: a field someone forgets
    // to mark would otherwise be a 500 (and a lost write) again
    if (this.text === 'refuse') {
      const found = findUnstorableText(value);
      // the path may hold a key the client made up, of any length: named, but cut
      const field = found === undefined ? undefined : echoInput(found, 100, false);
      if (field !== undefined) throw ApiError.badRequest(unstorableTextMessage(field), field || undefined).withCode('validation_failed', { field, issue: 'unstorable_text' });
    }
    const input = this.text === 'strip' ? stripUnstorableText(value) : value;
    // reportInput: zod 4 leaves the input out of issues otherwise, and "missing" could not be told from "wrong type"
    const result = this.schema.safeParse(input ?? {}, { reportInput: true });
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    // the renderer words a validation error from the field, zod's issue code and its limit, in the
    // user's language: the first issue in params, every refused field's first issue in `issues`
    const issues = fieldIssues(result.error.issues);
    const first = issues[0];
    const { field } = first;
    const params: ErrorParams = { ...first };
    // our schemas word their own messages; zod's generic ones are rewritten to name the field
    const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message);
    const missing = first.issue === 'required';
    if (!generic || !field)
      throw ApiError.badRequest(issue.message, field || undefined)
        .withCode('validation_failed', params)
        .withIssues(issues);
    throw ApiError.badRequest(missing ? `${field} is required` : `${field}: ${issue.message}`, field)
      .withCode('validation_failed', params)
      .withIssues(issues);
  }
}

/** The first issue of each field, as the renderer words it: zod's code, and the limit or format it broke. */
export function fieldIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const byField = new Map<string, ValidationIssue>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (byField.has(field)) continue;
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    const described: ValidationIssue = { field, issue: missing ? 'required' : issue.code };
    if (issue.code === 'too_small') Object.assign(described, { minimum: Number(issue.minimum), origin: issue.origin });
    if (issue.code === 'too_big') Object.assign(described, { maximum: Number(issue.maximum), origin: issue.origin });
    if (issue.code === 'invalid_format') described.format = issue.format;
    byField.set(field, described);
  }
  return [...byField.values()];
}

/**
 * The dotted path of the first string (value or key) PostgreSQL could not store, '' for the
 * value itself, undefined when there is none. Iterative: a deeply nested JSON body must not
 * overflow the stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (hasUnstorableCharacters(node)) return path;
    } else if (node && typeof node === 'object') {
      const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const childPath = path ? `${path}.${key}` : key;
        if (hasUnstorableCharacters(key)) return childPath;
        stack.push({ node: child, path: childPath });
      }
    }
  }
  return undefined;
}

/** A copy of a parsed query string without unstorable characters in its keys and values. */
function stripUnstorableText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutUnstorableCharacters(value);
  if (!value || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => stripUnstorableText(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutUnstorableCharacters(k), stripUnstorableText(v, depth + 1)]));
}
