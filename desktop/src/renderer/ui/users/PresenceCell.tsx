import { Badge, Stack, Text } from '@mantine/core';
import type { TeamUser } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** Online (green), idle (yellow), otherwise grey with when the user was last seen ('Never'). */
export function PresenceCell({ user }: { user: Pick<TeamUser, 'isOnline' | 'status' | 'lastSeen'> }) {
  const { t } = useTranslation('users');
  if (user.isOnline && user.status === 'idle') return <Badge color="yellow">{t('presence.idle')}</Badge>;
  if (user.isOnline) return <Badge color="green">{t('presence.online')}</Badge>;
  return (
    <Stack gap={2}>
      <Badge color="gray">{t('presence.offline')}</Badge>
      <Text size="xs" c="dimmed">
        {user.lastSeen ? t('presence.lastSeen', { time: formatDateTime(user.lastSeen) }) : t('presence.never')}
      </Text>
    </Stack>
  );
}
