import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_CONFIRMATION_MESSAGES, orderConfirmationAnswer, orderConfirmationButtons, orderConfirmationReply, renderOrderConfirmation } from './order-confirmations.schema.js';

describe('answers to an order confirmation', () => {
  it('reads 1 / yes / نعم and the Arabic-Indic and Persian digits as confirm, 2 / no / لا as cancel', () => {
    for (const body of ['1', ' 1 ', '1.', 'Yes', 'نعم', '١', '۱', 'تمام']) expect(orderConfirmationAnswer(body)).toBe('confirm');
    for (const body of ['2', 'NO', 'لا', '٢', '۲', 'إلغاء']) expect(orderConfirmationAnswer(body)).toBe('cancel');
  });

  it('leaves any other reply alone (a question, a number that is not an answer)', () => {
    for (const body of ['12', '3', 'yes please send it tomorrow', 'كم السعر؟', '']) expect(orderConfirmationAnswer(body)).toBeNull();
  });
});

describe('button replies (official API)', () => {
  const id = '0190a0b0-0000-7000-8000-00000000c0d1';

  it('reads our buttons with the confirmation they belong to', () => {
    const [confirm, cancel] = orderConfirmationButtons(id);
    expect(orderConfirmationReply('Confirm order', confirm)).toEqual({ answer: 'confirm', confirmationId: id });
    expect(orderConfirmationReply('إلغاء الطلب', cancel)).toEqual({ answer: 'cancel', confirmationId: id });
  });

  it("reads another button by its payload or its text (Meta's payload is the text when none was set), and a message by its text", () => {
    expect(orderConfirmationReply('Yes', 'Yes')).toEqual({ answer: 'confirm', confirmationId: null });
    expect(orderConfirmationReply('لا', 'btn-7')).toEqual({ answer: 'cancel', confirmationId: null });
    expect(orderConfirmationReply('2')).toEqual({ answer: 'cancel', confirmationId: null });
    expect(orderConfirmationReply('Talk to someone', 'talk')).toBeNull();
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
