import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from './fixtures.js';
import { connectWhatsApp, startMessengerApp } from './messenger.js';
import type { TestApp } from './test-app.js';

/**
 * Every route's string fields, fed what PostgreSQL text cannot hold (NUL), a lone surrogate and a
 * very long value, walking the OpenAPI document (built from the same zod schemas the server
 * validates with). No answer may be a 5xx, no error text may repeat a long input in full, and a
 * refused value must leave no trace in the database.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
  $ref?: string;
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, unknown>[];
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const MARK = 'fzm';
/** The marker of what the simulated phone sends: stored (without NUL) by design. */
const RAW_MARK = 'fzraw';
let seq = 0;
/** A value with NUL whose marker must never reach the database, stripped or cut. */
const nulValue = (mark = MARK) => `${mark}${++seq}x\u0000tail`;
/** A lone high surrogate: invalid UTF-16, cannot be encoded as UTF-8. */
const surrogateValue = (mark = MARK) => `${mark}${++seq}y\ud800tail`;
/** 10,000 characters that do not compress (a btree index entry of it would not fit a page). */
const longValue = (_mark?: string) => Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919 + (i >> 3) * 31) % 26))).join('');

let t: TestApp;
let company: SeededCompany;
let admin: string;
let superToken: string;
let doc: Doc;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startMessengerApp();
  company = await seedCompany(t, 'fuzz', { sales: 1 });
  await seedSuperAdmin(t);
  admin = await signIn(t, company.admin.email);
  superToken = await superSignIn(t);
  await connectWhatsApp(t, admin);
  // something for every path id to point at
  const inbound = await t.api.post('/dev/whatsapp/inbound', { from: '+201001112233', name: 'Fuzzy', body: 'hello' }, { token: admin });
  ids.contacts = inbound.body.data.contactId;
  ids.messages = inbound.body.data.messageId;
  ids.leads = ids.contacts;
  ids.users = company.sales[0].id;
  ids.super = company.tenantId;
  ids.tenants = company.tenantId;
  const product = await t.api.post('/products', { name: 'Widget', price: 10, stock: 5 }, { token: admin });
  if (product.status === 201 || product.status === 200) ids.products = product.body.data._id;
  doc = (await (await fetch(`${t.url}/api/docs`)).json()) as Doc;
});
afterAll(() => t?.close());

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  return schema;
}

/** A plausible valid value for a schema, so that the field under test is what the server judges. */
function example(raw: Schema | undefined, depth = 0, key = ''): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return example(alt.find((a) => resolve(a).type !== 'null') ?? alt[0], depth, key);
  if (s.allOf) return example(s.allOf[0], depth, key);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    if (depth > 4) return out;
    for (const k of s.required ?? []) out[k] = example(s.properties?.[k], depth + 1, k);
    return out;
  }
  if (type === 'array') return depth > 4 ? [] : [example(s.items, depth + 1)];
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return false;
  if (s.format === 'uuid') return ids.contacts;
  if (s.format === 'email' || /email/i.test(key)) return `fuzz${++seq}@example.test`;
  if (s.format === 'date-time' || s.format === 'date') return new Date().toISOString().slice(0, s.format === 'date' ? 10 : undefined);
  if (/^(phone|from)$/.test(key)) return `+2010${String(1_000_000 + ++seq).padStart(8, '0')}`;
  if (/password/i.test(key)) return 'Fuzz-Password-9';
  if (key === 'slug') return `fuzz-${++seq}`;
  if (key === 'date') return new Date().toISOString().slice(0, 10);
  return `ok${++seq}`;
}

/** The paths (dotted, with array indexes) of every string field the schema describes. */
function stringPaths(raw: Schema | undefined, prefix: string[] = [], depth = 0): string[][] {
  const s = resolve(raw);
  if (depth > 5) return [];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt) return alt.flatMap((a) => stringPaths(a, prefix, depth + 1)).filter((p, i, all) => all.findIndex((q) => q.join('.') === p.join('.')) === i);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && prefix.length) return [prefix];
  if (s.properties) return Object.entries(s.properties).flatMap(([k, v]) => stringPaths(v, [...prefix, k], depth + 1));
  if (types.includes('array')) return stringPaths(s.items, [...prefix, '0'], depth + 1);
  return [];
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown, schema: Schema) {
  let node: any = target;
  let s = resolve(schema);
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    s = resolve(s.properties?.[key] ?? s.items ?? (s.anyOf ?? s.oneOf ?? [])[0]);
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = /^\d+$/.test(path[i + 1]) ? [] : (example(s) ?? {});
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}

/** The simulated phone: takes text as WhatsApp would deliver it (stored without NUL, by design). */
const RAW_TEXT_ROUTES = new Set(['/api/dev/whatsapp/inbound', '/api/dev/whatsapp/revoke']);
const SKIP = new Set([
  'post /api/auth/logout', // ends the session the fuzzing uses
  'post /api/super/logout',
]);

function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const segment = path.split('/')[2];
    return ids[segment] ?? (name === 'id' ? ids.contacts : 'x');
  });
}

type Finding = string;

async function probe(method: string, path: string, op: Operation, findings: Finding[]) {
  const isSuper = op.security?.some((s) => 'super' in s) ?? false;
  const token = isSuper ? superToken : admin;
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const check = async (what: string, url: string, body: unknown) => {
    const res = await t.api.request(method.toUpperCase(), url.replace(/^\/api/, ''), { token, body, ip: '10.7.7.7' });
    const error = res.status >= 400 && typeof res.body?.error === 'string' ? res.body.error : '';
    if (res.status >= 500) findings.push(`${method.toUpperCase()} ${path} ${what}: ${res.status} ${error}`);
    if (error.length > 300) findings.push(`${method.toUpperCase()} ${path} ${what}: error text of ${error.length} characters`);
    return res;
  };

  if (bodySchema) {
    for (const field of stringPaths(bodySchema)) {
      for (const [kind, make] of [
        ['NUL', nulValue],
        ['surrogate', surrogateValue],
        ['long', longValue],
      ] as const) {
        const body = example(bodySchema) as Record<string, unknown>;
        setPath(body, field, make(RAW_TEXT_ROUTES.has(path) ? RAW_MARK : MARK), bodySchema);
        const res = await check(`body ${field.join('.')} (${kind})`, fillPath(path), body);
        if (kind !== 'long' && !RAW_TEXT_ROUTES.has(path)) {
          if (res.status < 300) findings.push(`${method.toUpperCase()} ${path} body ${field.join('.')} (${kind}): accepted (${res.status})`);
          else if (res.status === 400 && res.body.field !== field.join('.')) {
            findings.push(`${method.toUpperCase()} ${path} body ${field.join('.')} (${kind}): refused without naming the field (${res.body.field}: ${res.body.error})`);
          }
        }
      }
    }
  }
  for (const param of query) {
    const types = [resolve(param.schema).type, ...(resolve(param.schema).anyOf ?? []).map((a) => resolve(a).type)].flat();
    if (!types.includes('string')) continue;
    for (const [kind, value] of [
      ['NUL', nulValue()],
      ['long', longValue()],
    ] as const) {
      const qs = new URLSearchParams();
      for (const p of query) if (p.required && p.name !== param.name) qs.set(p.name, String(example(p.schema)));
      qs.set(param.name, value);
      await check(`query ${param.name} (${kind})`, `${fillPath(path)}?${qs}`, undefined);
    }
  }
  if (/\{\w+\}/.test(path)) {
    const url = path.replace(/\{(\w+)\}/g, encodeURIComponent(`${MARK}\u0000id`));
    await check('path parameter (NUL)', url, bodySchema ? example(bodySchema) : undefined);
  }
}

/** The tables with a row whose text holds `needle` anywhere (read across companies). */
async function tablesHolding(needle: string): Promise<string[]> {
  return t.db.platform(async (tx) => {
    const tables = (await tx.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)) as unknown as {
      rows: { table_name: string }[];
    };
    const hits: string[] = [];
    for (const { table_name } of tables.rows) {
      const found = (await tx.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} r WHERE r::text LIKE ${'%' + needle + '%'}`)) as unknown as { rows: { n: number }[] };
      if (found.rows[0].n > 0) hits.push(table_name);
    }
    return hits;
  });
}

describe('every route, fed NUL, lone surrogates and 10,000-character values', () => {
  it('answers no 5xx, keeps error texts short, and writes none of the refused values', async () => {
    const findings: Finding[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (SKIP.has(`${method} ${path}`)) continue;
        operations++;
        await probe(method, path, op, findings);
      }
    }
    expect(operations).toBeGreaterThan(40);
    expect(findings).toEqual([]);

    // a refused value leaves no trace: not stripped, not cut at the NUL, not in any table
    expect(await tablesHolding(MARK)).toEqual([]);
    // (the check can see: what the simulated phone delivered is stored, without its NUL)
    expect(await tablesHolding(RAW_MARK)).toEqual(expect.arrayContaining(['messages']));
  }, 600_000);
});
