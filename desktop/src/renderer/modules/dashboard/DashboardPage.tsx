import '@mantine/dates/styles.css';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { isCalendarDay } from '@crm/common';
import { Building2, CalendarDays, Coins, Percent, ShoppingCart, UserCheck, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { formatNumber, userTimeZone } from '../../lib/format';
import { Money } from '../../ui/Money';
import { LoadError } from '../../ui/LoadError';
import { StatCard } from '../../ui/StatCard';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { useSuperStore } from '../super/store';
import { dashboardApi } from './api';
import { takeEarlyStats, takeEarlyUsers } from './early-answers';

/**
 * Five cards in a row from 1408 px; three below (1024-1407 px), where five would be too narrow for
 * 'Conversion Rate' and 'EGP 105,754.50' on one line each.
 */
const STAT_COLUMNS = { base: 1, xs: 2, md: 3, xl: 5 };

type Range = { from: string | null; to: string | null };

const parseDay = (text: string): string | null => (isCalendarDay(text.trim()) ? text.trim() : null);

/**
 * The dashboard overview: From / To with Apply, five stat cards and, for admins and
 * a super session, Admin Insights. Errors are shown, not only logged (ARCHITECTURE).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const canManageTeam = useCan('team.manage');
  const superToken = useSuperStore((state) => state.token);
  const [draft, setDraft] = useState<Range>({ from: null, to: null });
  const [applied, setApplied] = useState<Range>({ from: null, to: null });
  const statsQuery = useQuery(
    (signal) => {
      const query = { ...applied, tz: userTimeZone() };
      return takeEarlyStats(query, signal) ?? dashboardApi.stats(query, signal);
    },
    [applied.from, applied.to],
    {
      errorText: (error) => errorMessage(error, 'dashboard:statsFailed', { list: true }),
    },
  );
  const { data: stats, error: statsError, loading } = statsQuery;

  const rangeInvalid = Boolean(draft.from && draft.to && draft.from > draft.to);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <Card mb="lg" padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (rangeInvalid) return;
            // Apply asks again even for the same dates (the figures may have changed since).
            setApplied({ ...draft });
            statsQuery.reload();
          }}
        >
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateInput
              size="sm"
              label={t('common:dates.from')}
              placeholder={t('common:dates.dayPlaceholder')}
              valueFormat="YYYY-MM-DD"
              dateParser={parseDay}
              clearable
              value={draft.from}
              onChange={(from) => setDraft((range) => ({ ...range, from }))}
              leftSection={<CalendarDays size={16} aria-hidden />}
              w={170}
            />
            <DateInput
              size="sm"
              label={t('common:dates.to')}
              placeholder={t('common:dates.dayPlaceholder')}
              valueFormat="YYYY-MM-DD"
              dateParser={parseDay}
              clearable
              value={draft.to}
              onChange={(to) => setDraft((range) => ({ ...range, to }))}
              error={rangeInvalid ? t('rangeInvalid') : undefined}
              leftSection={<CalendarDays size={16} aria-hidden />}
              w={170}
            />
            <Button type="submit" size="sm" disabled={rangeInvalid}>
              {t('apply')}
            </Button>
          </Group>
        </form>
      </Card>

      {statsError && <LoadError error={statsError} onRetry={statsQuery.reload} mb="lg" />}

      <SimpleGrid cols={STAT_COLUMNS} spacing="md">
        <StatCard label={t('cards.leads')} icon={UserPlus} color="blue" loading={loading} value={stats ? formatNumber(stats.leads) : undefined} />
        <StatCard label={t('cards.customers')} icon={UserCheck} color="teal" loading={loading} value={stats ? formatNumber(stats.customers) : undefined} />
        <StatCard label={t('cards.sales')} icon={ShoppingCart} color="grape" loading={loading} value={stats ? formatNumber(stats.sales) : undefined} />
        <StatCard label={t('cards.salesAmount')} detail={t('cards.salesAmountDetail')} icon={Coins} color="brand" loading={loading} value={stats ? <Money amount={stats.salesAmount} /> : undefined} />
        <StatCard
          label={t('cards.conversionRate')}
          detail={t('cards.conversionDetail')}
          icon={Percent}
          color="orange"
          loading={loading}
          value={stats ? formatNumber(stats.conversionRate / 100, { style: 'percent', maximumFractionDigits: 2 }) : undefined}
        />
      </SimpleGrid>

      {(canManageTeam || superToken) && <AdminInsights showUsers={canManageTeam} showCompanies={Boolean(superToken)} />}
    </>
  );
}

/** Total Users of the company (admins) and Total Companies (a super administrator's session). */
function AdminInsights({ showUsers, showCompanies }: { showUsers: boolean; showCompanies: boolean }) {
  const { t } = useTranslation('dashboard');
  const users = useQuery((signal) => takeEarlyUsers(signal) ?? dashboardApi.users(signal), [], {
    enabled: showUsers,
    errorText: (error) => errorMessage(error, 'dashboard:usersFailed', { list: true }),
  });
  const companies = useQuery((signal) => dashboardApi.tenants(signal), [], {
    enabled: showCompanies,
    errorText: (error) => errorMessage(error, 'dashboard:tenantsFailed', { list: true }),
  });
  const userCount = users.data ? users.data.length : null;
  const companyCount = companies.data ? companies.data.total : null;

  return (
    <Stack gap="md" mt="xl" component="section" aria-labelledby="admin-insights-title">
      <Title order={2} size="h4" id="admin-insights-title">
        {t('adminInsights')}
      </Title>
      {users.error && <LoadError error={users.error} onRetry={users.reload} />}
      {companies.error && <LoadError error={companies.error} onRetry={companies.reload} />}
      <SimpleGrid cols={STAT_COLUMNS} spacing="md">
        {showUsers && <StatCard label={t('cards.totalUsers')} icon={Users} color="cyan" loading={users.loading} value={userCount === null ? undefined : formatNumber(userCount)} />}
        {showCompanies && (
          <StatCard label={t('cards.totalCompanies')} icon={Building2} color="indigo" loading={companies.loading} value={companyCount === null ? undefined : formatNumber(companyCount)} />
        )}
      </SimpleGrid>
    </Stack>
  );
}
