import { Anchor, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { TenantWithStats } from '@crm/common';
import { Building2, CircleCheck, Coins, HandCoins, Hourglass, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { ListPage } from '../../ui/ListPage';
import { StatCard } from '../../ui/StatCard';
import { superApi } from './api';
import { SubscriptionBadge, TenantStatusBadge } from './SubscriptionBadge';
import { Usd } from './Usd';

const STAT_COLUMNS = { base: 1, xs: 2, md: 3, xl: 6 };
const COLUMNS = 6;
/** The Companies Overview shows the newest companies; the Companies page has them all. */
const OVERVIEW_SIZE = 10;
const NO_TENANTS: TenantWithStats[] = [];

/**
 * The super dashboard: platform totals (USD, aggregated by GET /super/stats) and the
 * Companies Overview with Manage links: the newest companies, their total, and a link to all of them.
 */
export function SuperDashboardPage() {
  const { t, i18n } = useTranslation('super');
  const query = useQuery(
    async (signal) => {
      const [figures, list] = await Promise.all([superApi.stats(), superApi.tenants({ page: 1, limit: OVERVIEW_SIZE }, signal)]);
      return { stats: figures, tenants: list.items, total: list.total };
    },
    // asked again in a new language, as before, so the failure is worded in it
    [i18n.language],
    // The spec's one text for this screen, whatever failed.
    { errorText: () => t('dashboard.fetchFailed') },
  );
  const { status, error } = query;
  const stats = query.data?.stats ?? null;
  const tenants = query.data?.tenants ?? NO_TENANTS;
  const total = query.data?.total ?? 0;

  const loading = status === 'loading';
  const count = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value));
  return (
    <ListPage
      title={t('dashboard.title')}
      summary={
        <>
          <SimpleGrid cols={STAT_COLUMNS} spacing="md" mb="xl">
            <StatCard label={t('dashboard.cards.totalTenants')} icon={Building2} color="indigo" loading={loading} value={count(stats?.totalTenants)} />
            <StatCard label={t('dashboard.cards.activeTenants')} icon={CircleCheck} color="teal" loading={loading} value={count(stats?.activeTenants)} />
            <StatCard label={t('dashboard.cards.expiredTenants')} icon={Hourglass} color="red" loading={loading} value={count(stats?.expiredTenants)} />
            <StatCard label={t('dashboard.cards.totalRevenue')} icon={Coins} color="brand" loading={loading} value={stats ? <Usd amount={stats.totalRevenue} /> : undefined} />
            <StatCard label={t('dashboard.cards.totalPaid')} icon={Wallet} color="green" loading={loading} value={stats ? <Usd amount={stats.totalPaid} /> : undefined} />
            <StatCard label={t('dashboard.cards.totalRemaining')} icon={HandCoins} color="orange" loading={loading} value={stats ? <Usd amount={stats.totalRemaining} /> : undefined} />
          </SimpleGrid>
          <Group justify="space-between" align="baseline" mb="sm" gap="sm">
            <Group align="baseline" gap="sm">
              <Title order={2} size="h4">
                {t('dashboard.overview')}
              </Title>
              {status === 'ready' && total > tenants.length && (
                <Text size="sm" c="dimmed">
                  {t('dashboard.newestOf', { shown: tenants.length, total })}
                </Text>
              )}
            </Group>
            <Anchor component={Link} to="/super/tenants" size="sm">
              {t('dashboard.allCompanies')}
            </Anchor>
          </Group>
        </>
      }
      tableLabel={t('dashboard.overview')}
      minWidth={760}
      head={
        <>
          <Table.Th>{t('columns.company')}</Table.Th>
          <Table.Th>{t('columns.status')}</Table.Th>
          <Table.Th>{t('columns.subscription')}</Table.Th>
          <Table.Th>{t('columns.users')}</Table.Th>
          <Table.Th>{t('columns.remaining')}</Table.Th>
          <Table.Th>{t('columns.actions')}</Table.Th>
        </>
      }
      columnCount={COLUMNS}
      status={status}
      error={error}
      onRetry={query.reload}
      texts={{ loading: t('common:loading'), empty: t('tenants.empty') }}
      rowCount={tenants.length}
    >
      {tenants.map((tenant) => (
        <Table.Tr key={tenant._id}>
          <Table.Td fw={500}>{tenant.name}</Table.Td>
          <Table.Td>
            <TenantStatusBadge isActive={tenant.isActive} inactiveWord="suspended" />
          </Table.Td>
          <Table.Td>
            <SubscriptionBadge status={tenant.subscription.status} />
          </Table.Td>
          <Table.Td>{formatNumber(tenant.stats.adminCount + tenant.stats.salesCount)}</Table.Td>
          <Table.Td>
            <Usd amount={tenant.subscription.remainingAmount} />
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/super/tenants/${tenant._id}`} aria-label={t('dashboard.manageFor', { name: tenant.name })}>
              {t('dashboard.manage')}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListPage>
  );
}
