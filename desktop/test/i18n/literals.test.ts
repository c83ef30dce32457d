import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_YET_TRANSLATED } from '../../src/renderer/i18n/not-yet-translated';
import { literalTexts, RENDERER_ROOT, rendererPath, rendererSources } from './source-scan';

/**
 * Issue 10, "done when": a component that renders a literal user-facing string fails here,
 * unless its file is in the shrinking allow-list of screens not converted yet.
 */

/** How many files the allow-list had when the check landed. Lower it when you convert; never raise it. */
const LANDED_COUNT = 0;

const withLiterals = new Map(rendererSources().map((file) => [rendererPath(file), literalTexts(file)] as const).filter(([, found]) => found.length > 0));
const listed = new Set(NOT_YET_TRANSLATED);

describe('literal texts', () => {
  it('no file outside the allow-list renders a literal text (use t() and the catalogues)', () => {
    const offenders = [...withLiterals].filter(([file]) => !listed.has(file)).flatMap(([, found]) => found.map((l) => `${l.file}:${l.line} "${l.text}"`));
    expect(offenders).toEqual([]);
  });

  it('a converted file is taken out of the allow-list (every listed file exists and still has literals)', () => {
    expect(NOT_YET_TRANSLATED.filter((file) => !existsSync(join(RENDERER_ROOT, file))), 'listed but missing').toEqual([]);
    expect(NOT_YET_TRANSLATED.filter((file) => !withLiterals.has(file)), 'listed but converted: delete the line').toEqual([]);
    expect(NOT_YET_TRANSLATED.length, 'duplicates').toBe(listed.size);
  });

  it('the allow-list only shrinks', () => {
    expect(NOT_YET_TRANSLATED.length).toBeLessThanOrEqual(LANDED_COUNT);
  });

  it('finds the literal forms a screen can use, and not keys or t() calls', () => {
    const found = literalTexts(
      'sample.tsx',
      `export function Sample({ title = 'Default title', count }: { title?: string; count: number }) {
        const { t } = useTranslation('customers');
        notifications.show({ message: 'Saved.' });
        return (
          <Card title={t('title')} c="dimmed" aria-label="Sample card">
            <Button leftSection={<Icon />}>Save</Button>
            <TextInput label={count > 1 ? 'Many' : t('columns.name')} placeholder="Name, phone or email" />
            {count > 0 ? 'Some' : null}
            {\`\${count} items\`}
            <Link to={\`/contacts/\${count}\`}>{t('viewProfile')}</Link>
            {'—'} {' '}
          </Card>
        );
      }`,
    );
    expect(found.map((literal) => literal.text)).toEqual(['Default title', 'Saved.', 'Sample card', 'Save', 'Many', 'Name, phone or email', 'Some', '${count} items']);
  });
});
