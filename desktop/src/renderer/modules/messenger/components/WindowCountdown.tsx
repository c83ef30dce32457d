import { Text } from '@mantine/core';
import type { WindowRemaining } from '@crm/common';
import { Clock3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Window closes in 3 h 12 min" (only the minutes under an hour), above the message box on an official API company. */
export function WindowCountdown({ remaining }: { remaining: Extract<WindowRemaining, { closed: false }> }) {
  const { t } = useTranslation('messenger');
  const hours = t('replyWindow.hours', { count: remaining.hours });
  const minutes = t('replyWindow.minutes', { count: remaining.minutes });
  const time = remaining.hours === 0 ? minutes : remaining.minutes === 0 ? hours : t('replyWindow.hoursAndMinutes', { hours, minutes });
  return (
    <Text size="xs" c="dimmed" role="timer" aria-live="off" data-testid="window-countdown" style={{ display: 'flex', alignItems: 'center', gap: 4, paddingBlockEnd: 4 }}>
      <Clock3 size={12} aria-hidden />
      {t('replyWindow.closesIn', { time })}
    </Text>
  );
}
