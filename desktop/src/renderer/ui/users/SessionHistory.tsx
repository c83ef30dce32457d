import { Table, Text } from '@mantine/core';
import type { UserSession } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../LoadError';
import { durationMinutes, listedSessions } from './sessions';

/**
 * A user's session history (sessions over 5 minutes, minutes with one decimal, '-' when absent).
 * `load` is the team endpoint or the super one: the same history on both users screens.
 */
export function SessionHistory({ user, load }: { user: { _id: string; name: string }; load: (userId: string) => Promise<UserSession[]> }) {
  const { t } = useTranslation('users');
  const query = useQuery(() => load(user._id).then((list) => listedSessions(list, Date.now())), [user._id], {
    errorText: (failure) => errorMessage(failure, 'users:sessions.fetchFailed', { list: true }),
  });
  const { data: sessions, error } = query;

  if (error) return <LoadError error={error} onRetry={query.reload} />;
  if (!sessions) return <Text size="sm">{t('common:loading')}</Text>;
  if (sessions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sessions.empty')}
      </Text>
    );
  return (
    <Table aria-label={t('sessions.table', { name: user.name })} fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sessions.login')}</Table.Th>
          <Table.Th>{t('sessions.logout')}</Table.Th>
          <Table.Th>{t('sessions.duration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((s) => {
          const minutes = durationMinutes(s);
          return (
            <Table.Tr key={s._id}>
              <Table.Td>{formatDateTime(s.loginTime)}</Table.Td>
              <Table.Td>{formatDateTime(s.logoutTime)}</Table.Td>
              <Table.Td>{minutes === null ? '-' : t('sessions.minutes', { minutes: formatNumber(minutes, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
