import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TenantWithStats } from '@crm/common';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { superErrorMessage } from './super-error';
import { formatDate, formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { LoadError } from '../../ui/LoadError';
import { Ltr } from '../../ui/Ltr';
import { PageHeader } from '../../ui/PageHeader';
import { superApi } from './api';
import { AuditLog } from './components/AuditLog';
import { ManageCompanyCard } from './components/ManageCompanyCard';
import { SubscriptionCard } from './components/SubscriptionCard';
import { TenantStatusBadge } from './SubscriptionBadge';

/** A company's profile: counts, the subscription, suspend / re-activate / delete, and the audit log. */
export function CompanyProfilePage() {
  const { t } = useTranslation('super');
  const { id = '' } = useParams();
  const query = useQuery((signal) => superApi.tenant(id, signal), [id], { errorText: (failure) => superErrorMessage(failure, 'super:profile.fetchFailed') });
  // Another company's figures never show while this one loads.
  const tenant = query.status === 'ready' ? query.data : null;
  // Bumped after each change so the audit log shows the entry just written.
  const [changes, setChanges] = useState(0);

  const changed = (next: TenantWithStats) => {
    query.setData(next);
    setChanges((n) => n + 1);
  };

  const back = (
    <Anchor component={Link} to="/super/tenants" size="sm">
      <Group gap={4} wrap="nowrap">
        <ArrowLeft size={14} className="mirror-rtl" aria-hidden />
        {t('profile.back')}
      </Group>
    </Anchor>
  );

  if (query.error)
    return (
      <Stack>
        {back}
        <PageHeader title={t('profile.title')} />
        <LoadError error={query.error} onRetry={query.reload} />
      </Stack>
    );
  if (!tenant) return <FullPageLoader inline label={t('common:loading')} />;

  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={tenant.name}
        subtitle={
          <Group gap="sm" component="span">
            <Ltr>{tenant.slug}</Ltr>
            <TenantStatusBadge isActive={tenant.isActive} inactiveWord="suspended" />
            <Text span size="sm" c="dimmed">
              {t('profile.createdOn', { date: formatDate(tenant.createdAt) })}
            </Text>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Count label={t('profile.counts.admins')} value={tenant.stats.adminCount} />
        <Count label={t('profile.counts.sales')} value={tenant.stats.salesCount} />
        <Count label={t('profile.counts.whatsapp')} value={tenant.stats.waCount} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SubscriptionCard tenant={tenant} onSaved={changed} />
        <ManageCompanyCard tenant={tenant} onChanged={changed} />
      </SimpleGrid>
      <AuditLog tenantId={tenant._id} refresh={changes} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Title order={3} size="h3" mt={4}>
        {formatNumber(value)}
      </Title>
    </Card>
  );
}
