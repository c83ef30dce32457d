import { MESSAGE_ERROR_CODES, MESSAGE_ERROR_TEXTS, WHATSAPP_REASON_CODES, WHATSAPP_REASON_TEXTS } from '@crm/common';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferences } from '../i18n';
import { followUpRunReasonText, followUpStepReasonText, messageErrorText, whatsAppReasonText } from './reason-text';

afterEach(() => applyPreferences({ language: 'en', arabicDigits: false }));

/** Reasons are worded from their codes; rows stored before codes keep their English. */
describe('reason texts', () => {
  it('words each kind of reason from its code in Arabic, with its parameters in the chosen digits', () => {
    applyPreferences({ language: 'ar', arabicDigits: true });
    expect(whatsAppReasonText({ reason: 'The connection was lost. Reconnecting…', reasonCode: 'reconnecting' })).toBe('انقطع الاتصال. جارٍ إعادة الاتصال…');
    expect(whatsAppReasonText({ reason: 'Could not initialize WhatsApp connection. spawn ENOENT', reasonCode: 'start_failed' })).toBe('تعذّر بدء اتصال واتساب.');
    expect(messageErrorText({ error: 'This number is not on WhatsApp.', errorCode: 'not_on_whatsapp' })).toBe('هذا الرقم غير مسجّل على واتساب.');
    expect(followUpStepReasonText({ reason: 'Failed: WhatsApp Web crashed', reasonCode: 'failed', reasonParams: { error: 'refused' } })).toBe('فشلت: لم يقبل واتساب الرسالة.');
    expect(followUpStepReasonText({ reason: 'x', reasonCode: 'failed', reasonParams: null })).toBe('فشلت: لم يقبل واتساب الرسالة.');
    expect(followUpStepReasonText({ reason: 'x', reasonCode: 'unknown', reasonParams: { error: 'unknown_after_restart' } })).toMatch(
      /^غير متأكد من تسليم هذه الرسالة: توقف التطبيق أثناء إرسالها\. لن تُرسل/,
    );
    expect(followUpRunReasonText('Step 2 could not be sent…', 'expired', { step: 2, maxHours: 24 })).toBe('تعذّر إرسال الخطوة ٢ خلال ٢٤ ساعة من موعدها.');
  });

  it('shows the English of a row stored before codes, or of a code this renderer does not know', () => {
    applyPreferences({ language: 'ar' });
    expect(whatsAppReasonText({ reason: 'The connection was lost. Reconnecting…' })).toBe('The connection was lost. Reconnecting…');
    expect(whatsAppReasonText({ reason: null, reasonCode: null })).toBeNull();
    expect(messageErrorText({ error: 'WhatsApp Web crashed', errorCode: null })).toBe('WhatsApp Web crashed');
    expect(messageErrorText({ error: 'Newer reason.', errorCode: 'some_future_code' })).toBe('Newer reason.');
    expect(followUpStepReasonText({ reason: 'Not sent: the contact replied.', reasonCode: null, reasonParams: null })).toBe('Not sent: the contact replied.');
    expect(followUpRunReasonText('The contact replied.', null, null)).toBe('The contact replied.');
    expect(followUpRunReasonText(null, null, null)).toBeNull();
  });

  it('reads in English as the server writes it', () => {
    applyPreferences({ language: 'en' });
    for (const code of MESSAGE_ERROR_CODES) expect(messageErrorText({ error: null, errorCode: code })).toBe(MESSAGE_ERROR_TEXTS[code]);
    for (const code of WHATSAPP_REASON_CODES) expect(whatsAppReasonText({ reasonCode: code })).toBe(WHATSAPP_REASON_TEXTS[code]);
    expect(followUpStepReasonText({ reason: 'Not sent: stopped by Samir.', reasonCode: 'stopped_by', reasonParams: { name: 'Samir' } })).toBe('Not sent: stopped by Samir.');
    expect(followUpRunReasonText('x', 'paused', { maxHours: 24 })).toBe(
      'WhatsApp is disconnected (it needs a new QR scan). Steps due meanwhile are sent when it reconnects, if less than 24 hours late.',
    );
    expect(messageErrorText({ error: 'x', errorCode: 'interrupted_by_restart' })).toBe('Sending was interrupted by a restart and WhatsApp is not connected. Try again.');
  });
});
