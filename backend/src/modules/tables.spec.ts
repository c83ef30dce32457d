import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as tables from './tables.js';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));

describe('the table index handed to the database', () => {
  it('holds every table of every modules/<m>/*.table.ts file', async () => {
    const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.table.ts'));
    expect(files.length).toBeGreaterThan(0);
    const indexed = new Set<unknown>(Object.values(tables));
    const missing: string[] = [];
    for (const file of files) {
      const exports: Record<string, unknown> = await import(new URL(file.replace(/\.ts$/, '.js'), new URL('.', import.meta.url)).href);
      for (const [name, value] of Object.entries(exports)) {
        if (is(value, PgTable) && !indexed.has(value)) missing.push(`${file}: ${name} (${getTableName(value)})`);
      }
    }
    expect(missing, 'add the file to backend/src/modules/tables.ts').toEqual([]);
  });
});
