import { Alert, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import type { SalesPerformance, UserSummary } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatNumber } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { reportsApi } from './api';
import { KpiCard } from './KpiCard';

/** spec/admin.md "Team Performance": pick a sales rep, see their totals (rules/kpis.ts). */
export function TeamPerformancePage() {
  const { t } = useTranslation('reports');
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [usersError, setUsersError] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [figures, setFigures] = useState<SalesPerformance | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    reportsApi.salesUsers().then(setUsers, (failure) => setUsersError(errorMessage(failure, 'reports:performance.usersFailed', { list: true })));
  }, []);

  useEffect(() => {
    if (!userId) return;
    let alive = true;
    setLoading(true);
    setError(null);
    reportsApi
      .salesPerformance(userId)
      .then(
        (result) => alive && setFigures(result),
        (failure) => alive && (setFigures(null), setError(errorMessage(failure, 'reports:performance.fetchFailed'))),
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [userId]);

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
          <KpiCard label={t('performance.totalAssigned')} loading={loading} value={formatNumber(figures?.totalAssigned ?? 0)} />
          <KpiCard label={t('performance.convertedToCustomer')} loading={loading} value={formatNumber(figures?.convertedToCustomer ?? 0)} />
          <KpiCard label={t('performance.totalSalesDeals')} loading={loading} value={formatNumber(figures?.totalSalesDeals ?? 0)} />
          <KpiCard label={t('performance.totalSalesAmount')} loading={loading} value={formatMoney(figures?.totalSalesAmount ?? 0)} />
          <KpiCard
            label={t('performance.conversionRate')}
            loading={loading}
            value={formatNumber((figures?.conversionRate ?? 0) / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })}
          />
        </SimpleGrid>
      )}
    </>
  );
}
