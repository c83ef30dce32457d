import { describe, expect, it } from 'vitest';
import { catalogueText } from './catalogue';

describe('catalogueText', () => {
  it("reads a language's own text and puts the values in", () => {
    expect(catalogueText('en', 'tasks:my.updateLabel', { title: 'Call' })).toBe('Update status of Call');
    expect(catalogueText('ar', 'tasks:my.title')).toBe('مهامي');
    expect(catalogueText('en', 'retry')).toBe('Retry');
  });

  it('throws for a key missing in that language or a value not given, instead of falling back', () => {
    expect(() => catalogueText('ar', 'tasks:my.noSuchText')).toThrow('No text for tasks:my.noSuchText in the ar catalogue');
    expect(() => catalogueText('en', 'tasks:my.updateLabel')).toThrow('needs a value for title');
  });
});
