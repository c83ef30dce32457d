import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { isCalendarDay, type ContactStats } from '@crm/common';
import { Building2, CalendarDays, CircleAlert, Coins, Percent, ShoppingCart, UserCheck, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { formatMoney, userTimeZone } from '../../lib/format';
import { listErrorText } from '../../lib/api';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { useSuperStore } from '../super/store';
import { dashboardApi } from './api';

export const DASHBOARD_TEXTS = {
  statsFailed: 'Failed to load the dashboard figures.',
  usersFailed: 'Could not load the number of users.',
  tenantsFailed: 'Could not load the number of companies.',
} as const;

type Range = { from: string | null; to: string | null };

const parseDay = (text: string): string | null => (isCalendarDay(text.trim()) ? text.trim() : null);

/**
 * spec/core.md §2 "Dashboard overview": From / To with Apply, five stat cards and, for admins and
 * a super session, Admin Insights. Errors are shown, not only logged (ARCHITECTURE).
 */
export function DashboardPage() {
  const canManageTeam = useCan('team.manage');
  const superToken = useSuperStore((state) => state.token);
  const [draft, setDraft] = useState<Range>({ from: null, to: null });
  const [applied, setApplied] = useState<Range>({ from: null, to: null });
  const [stats, setStats] = useState<ContactStats | null>(null);
  const [statsError, setStatsError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const loadStats = useCallback(async (range: Range, isAlive: () => boolean) => {
    setLoading(true);
    setStatsError(null);
    try {
      const result = await dashboardApi.stats({ ...range, tz: userTimeZone() });
      if (isAlive()) setStats(result);
    } catch (error) {
      if (isAlive()) {
        setStats(null);
        setStatsError(listErrorText(error, DASHBOARD_TEXTS.statsFailed));
      }
    } finally {
      if (isAlive()) setLoading(false);
    }
  }, []);

  useEffect(() => {
    let alive = true;
    void loadStats(applied, () => alive);
    return () => {
      alive = false;
    };
  }, [applied, loadStats]);

  const rangeInvalid = Boolean(draft.from && draft.to && draft.from > draft.to);

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Figures for the contacts created in the chosen period" />

      <Card mb="lg" padding="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!rangeInvalid) setApplied({ ...draft });
          }}
        >
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateInput
              size="sm"
              label="From"
              placeholder="YYYY-MM-DD"
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
              label="To"
              placeholder="YYYY-MM-DD"
              valueFormat="YYYY-MM-DD"
              dateParser={parseDay}
              clearable
              value={draft.to}
              onChange={(to) => setDraft((range) => ({ ...range, to }))}
              error={rangeInvalid ? 'To must be on or after From' : undefined}
              leftSection={<CalendarDays size={16} aria-hidden />}
              w={170}
            />
            <Button type="submit" size="sm" disabled={rangeInvalid}>
              Apply
            </Button>
          </Group>
        </form>
      </Card>

      {statsError && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert" mb="lg" title="Dashboard">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{statsError}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => setApplied((range) => ({ ...range }))}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        <StatCard label="Leads" icon={UserPlus} color="blue" loading={loading} value={stats?.leads} />
        <StatCard label="Customers" icon={UserCheck} color="teal" loading={loading} value={stats?.customers} />
        <StatCard label="Sales Deals" icon={ShoppingCart} color="grape" loading={loading} value={stats?.sales} />
        <StatCard label="Sales Amount" icon={Coins} color="brand" loading={loading} value={stats ? formatMoney(stats.salesAmount) : undefined} />
        <StatCard label="Conversion Rate" icon={Percent} color="orange" loading={loading} value={stats ? `${stats.conversionRate}%` : undefined} />
      </SimpleGrid>

      {(canManageTeam || superToken) && <AdminInsights showUsers={canManageTeam} showCompanies={Boolean(superToken)} />}
    </>
  );
}

function StatCard({ label, value, icon: Icon, color, loading }: { label: string; value: ReactNode; icon: LucideIcon; color: string; loading: boolean }) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={30} radius="md" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <Skeleton height={28} width={90} mt={8} />
      ) : (
        <Text fz="clamp(1.1rem, 1.7vw, 1.375rem)" fw={700} lh={1.2} mt={8} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'break-word' }} data-testid={`stat-${label}`}>
          {value ?? '—'}
        </Text>
      )}
    </Card>
  );
}

/** Total Users of the company (admins) and Total Companies (a super administrator's session). */
function AdminInsights({ showUsers, showCompanies }: { showUsers: boolean; showCompanies: boolean }) {
  const [users, setUsers] = useState<number | null>(null);
  const [companies, setCompanies] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    const fail = (text: string) => alive && setErrors((list) => [...list, text]);
    if (showUsers) dashboardApi.users().then((list) => alive && setUsers(list.length), (error) => fail(listErrorText(error, DASHBOARD_TEXTS.usersFailed)));
    if (showCompanies) dashboardApi.tenants().then((list) => alive && setCompanies(list.total), (error) => fail(listErrorText(error, DASHBOARD_TEXTS.tenantsFailed)));
    return () => {
      alive = false;
    };
  }, [showUsers, showCompanies]);

  return (
    <Stack gap="md" mt="xl" component="section" aria-labelledby="admin-insights-title">
      <Title order={2} size="h4" id="admin-insights-title">
        Admin Insights
      </Title>
      {errors.map((text) => (
        <Alert key={text} color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
          {text}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {showUsers && <StatCard label="Total Users" icon={Users} color="cyan" loading={users === null && errors.length === 0} value={users ?? undefined} />}
        {showCompanies && <StatCard label="Total Companies" icon={Building2} color="indigo" loading={companies === null && errors.length === 0} value={companies ?? undefined} />}
      </SimpleGrid>
    </Stack>
  );
}
