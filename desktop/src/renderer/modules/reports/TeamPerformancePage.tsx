import { Alert, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import type { UserSummary } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { formatMoney, formatNumber } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';
import { reportsApi } from './api';

/** Team Performance: pick a sales rep, see their totals (rules/kpis.ts). */
export function TeamPerformancePage() {
  const { t } = useTranslation('reports');
  const [userId, setUserId] = useState<string | null>(null);
  const usersQuery = useQuery((signal) => reportsApi.salesUsers(signal), [], {
    errorText: (failure) => errorMessage(failure, 'reports:performance.usersFailed', { list: true }),
  });
  const performance = useQuery((signal) => reportsApi.salesPerformance(userId ?? '', signal), [userId], {
    enabled: Boolean(userId),
    errorText: (failure) => errorMessage(failure, 'reports:performance.fetchFailed'),
  });
  const users: UserSummary[] = usersQuery.data ?? [];
  const usersError = usersQuery.error;
  const { data: figures, loading, error } = performance;

  return (
    <>
      <PageHeader title={t('performance.title')} />
      <NativeSelect
        label={t('performance.rep')}
        data={[{ value: '', label: t('performance.pick'), disabled: true }, ...users.map((u) => ({ value: u._id, label: u.name }))]}
        value={userId ?? ''}
        onChange={(event) => setUserId(event.currentTarget.value || null)}
        w={260}
        mb="lg"
      />
      {(usersError || error) && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert" mb="lg">
          {usersError ?? error}
        </Alert>
      )}
      {!userId && !usersError && <Text c="dimmed">{t('performance.pickHint')}</Text>}
      {userId && (figures || loading) && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md" component="section" aria-label={t('performance.title')}>
          <StatCard label={t('performance.totalAssigned')} loading={loading} value={formatNumber(figures?.totalAssigned ?? 0)} />
          <StatCard label={t('performance.convertedToCustomer')} loading={loading} value={formatNumber(figures?.convertedToCustomer ?? 0)} />
          <StatCard label={t('performance.totalSalesDeals')} loading={loading} value={formatNumber(figures?.totalSalesDeals ?? 0)} />
          <StatCard label={t('performance.totalSalesAmount')} loading={loading} value={formatMoney(figures?.totalSalesAmount ?? 0)} />
          <StatCard
            label={t('performance.conversionRate')}
            loading={loading}
            value={formatNumber((figures?.conversionRate ?? 0) / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })}
          />
        </SimpleGrid>
      )}
    </>
  );
}
