import { describe, expect, it } from 'vitest';
import { literalTexts, rendererSources } from './source-scan';

/**
 * A component that renders a literal user-facing string fails here (it would show English to an
 * Arabic reader). Every
 * screen is converted to the catalogues, so no file is exempt (the allow-list of screens not
 * converted yet ran empty and is gone).
 */

describe('literal texts', () => {
  it('no renderer file renders a literal text (use t() and the catalogues)', () => {
    const offenders = rendererSources().flatMap((file) => literalTexts(file).map((l) => `${l.file}:${l.line} "${l.text}"`));
    expect(offenders).toEqual([]);
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
