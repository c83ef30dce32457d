import { describe, expect, it } from 'vitest';
import { failureOfMeta } from './cloud-errors.js';

describe("Meta's message errors as the message's failure", () => {
  it.each([
    [131047, 'window_closed', false],
    [131026, 'undeliverable', false],
    [130429, 'rate_limited', true],
    [131056, 'pair_rate_limited', true],
    [190, 'token_invalid', true],
  ] as const)("%i → %s (retryable: %s), with Meta's code kept", (metaCode, errorCode, retryable) => {
    const failure = failureOfMeta(metaCode, 'Meta says why');
    expect(failure).toMatchObject({ errorCode, retryable, errorParams: { metaCode } });
    expect(failure.error).toContain(`(Meta ${metaCode}: Meta says why)`);
  });

  it('an unknown or missing code is a plain refusal', () => {
    expect(failureOfMeta(131999, 'Something else')).toMatchObject({ errorCode: 'refused', retryable: false, error: 'WhatsApp did not accept the message. (Meta 131999: Something else)' });
    expect(failureOfMeta(null, null)).toMatchObject({ errorCode: 'refused', errorParams: null, error: 'WhatsApp did not accept the message.' });
  });
});
