import { describe, expect, it } from 'vitest';
import { foldForSearch, messageSearchTerms, messageSearchText, searchHighlights } from './message-search.js';

describe('message search folding', () => {
  it('folds the alef forms, yaa, taa marbuta and drops tashkeel and tatweel', () => {
    expect(foldForSearch('أحمد')).toBe(foldForSearch('احمد'));
    expect(foldForSearch('إيمان آمال')).toBe('ايمان امال');
    expect(foldForSearch('مصطفى')).toBe(foldForSearch('مصطفي'));
    expect(foldForSearch('فاطمة')).toBe(foldForSearch('فاطمه'));
    expect(foldForSearch('مُحَمَّد')).toBe('محمد');
    expect(foldForSearch('شكـــرا')).toBe('شكرا');
  });

  it('is case-insensitive for English and turns Arabic-Indic digits to 0-9', () => {
    expect(foldForSearch('Hello WORLD')).toBe('hello world');
    expect(foldForSearch('٠١٠٠')).toBe('0100');
  });

  it('folds English, Arabic and other scripts in one text, character by character', () => {
    expect(foldForSearch('Order #12 للأستاذ ٣٤ ۵ ÉTÉ')).toBe('order #12 للاستاذ 34 5 été');
    // per character, as the highlighter maps matches back: a capital sigma stays σ at a word's end
    expect(foldForSearch('ΟΔΟΣ')).toBe('οδοσ');
  });

  it('stores the caption, the file name and the digits of a phone number however written', () => {
    const text = messageSearchText({ body: 'Call me on +20 100 123 4567', mediaFileName: 'Invoice-March.PDF' })!;
    expect(text).toContain('call me on');
    expect(text).toContain('invoice-march.pdf');
    expect(text).toContain('201001234567');
    expect(messageSearchTerms('01001234567')).toEqual(['1001234567']);
    expect(text).toContain(messageSearchTerms('01001234567')[0]);
    expect(messageSearchText({ body: null, mediaFileName: null })).toBeNull();
  });

  it('splits a query into folded words, each once', () => {
    expect(messageSearchTerms('  Price   أحمد price ')).toEqual(['price', 'احمد']);
  });

  it('highlights the matching words in the original text, Arabic and English', () => {
    const ar = 'مرحبا أَحمد، كيف الحال؟';
    const [range] = searchHighlights(ar, 'احمد');
    expect(ar.slice(range.start, range.end)).toBe('أَحمد');
    const en = 'The PRICE list and the price';
    expect(searchHighlights(en, 'price').map((r) => en.slice(r.start, r.end))).toEqual(['PRICE', 'price']);
    const phone = 'my number is +20 100 123 4567 ok';
    const [p] = searchHighlights(phone, '01001234567');
    expect(phone.slice(p.start, p.end)).toBe('100 123 4567');
  });
});
