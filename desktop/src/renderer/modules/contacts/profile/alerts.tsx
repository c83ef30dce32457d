import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { i18n } from '../../../i18n';

/**
 * Alerts on fetch, save, stage change and delete carry the server's error after the text, in the
 * user's language (the Arabic wording when Arabic is chosen, its translation in English).
 */
export const withReason = (text: string, error: unknown): string => i18n.t('contacts:profile.withReason', { text, reason: errorMessage(error, 'common:unknownError', { list: true }) });

/** An alert's text may mix Arabic and the server's English: let the browser pick each line's direction. */
export const alertText = (text: string): ReactNode => (
  <Text span size="sm" dir="auto" style={{ display: 'block' }}>
    {text}
  </Text>
);
