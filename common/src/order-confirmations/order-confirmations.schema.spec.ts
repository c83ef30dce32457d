import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_CONFIRMATION_MESSAGES, orderConfirmationAnswer, renderOrderConfirmation } from './order-confirmations.schema.js';

describe('answers to an order confirmation', () => {
  it('reads 1 / yes / نعم and the Arabic-Indic and Persian digits as confirm, 2 / no / لا as cancel', () => {
    for (const body of ['1', ' 1 ', '1.', 'Yes', 'نعم', '١', '۱', 'تمام']) expect(orderConfirmationAnswer(body)).toBe('confirm');
    for (const body of ['2', 'NO', 'لا', '٢', '۲', 'إلغاء']) expect(orderConfirmationAnswer(body)).toBe('cancel');
  });

  it('leaves any other reply alone (a question, a number that is not an answer)', () => {
    for (const body of ['12', '3', 'yes please send it tomorrow', 'كم السعر؟', '']) expect(orderConfirmationAnswer(body)).toBeNull();
  });
});

describe('the confirmation message', () => {
  it('fills every placeholder of the default Arabic text', () => {
    const text = renderOrderConfirmation(DEFAULT_ORDER_CONFIRMATION_MESSAGES.ar, { name: 'سلمى', lines: '- عطر × 2 = 400', total: '450', shipping: '50', address: 'القاهرة' });
    expect(text).toContain('مرحبًا سلمى');
    expect(text).toContain('الإجمالي: 450');
    expect(text).not.toMatch(/\{\w+\}/);
  });
});
