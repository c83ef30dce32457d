import { Card, List, Table, Text, Title } from '@mantine/core';
import type { AuditAction, AuditEntry } from '@crm/common';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { superErrorMessage } from '../super-error';
import { formatDateTime } from '../../../lib/format';
import { useList } from '../../../lib/load/use-list';
import { ListStateRow } from '../../../ui/ListStateRow';
import { Pager } from '../../../ui/Pager';
import { superApi } from '../api';
import { changedFields, type FieldChange } from './audit-changes';

const PAGE_SIZE = 10;

const ACTION_KEYS: Record<AuditAction, string> = {
  'tenant.created': 'super:audit.actions.tenantCreated',
  'tenant.suspended': 'super:audit.actions.tenantSuspended',
  'tenant.reactivated': 'super:audit.actions.tenantReactivated',
  'tenant.subscription_changed': 'super:audit.actions.subscriptionChanged',
  'tenant.subscription_expired': 'super:audit.actions.subscriptionExpired',
  'tenant.deleted': 'super:audit.actions.tenantDeleted',
  'user.created': 'super:audit.actions.userCreated',
  'user.updated': 'super:audit.actions.userUpdated',
  'user.deleted': 'super:audit.actions.userDeleted',
};

/** Field names the log words; any other is shown as stored. */
const FIELD_KEYS: Record<string, string> = {
  name: 'super:audit.fields.name',
  slug: 'super:audit.fields.slug',
  email: 'super:audit.fields.email',
  role: 'super:audit.fields.role',
  isActive: 'super:audit.fields.isActive',
  password: 'super:audit.fields.password',
  type: 'super:subscription.type',
  status: 'super:subscription.status',
  expiresAt: 'super:subscription.expiresAt',
  price: 'super:subscription.price',
  paidAmount: 'super:subscription.paidAmount',
  remainingAmount: 'super:subscription.remainingAmount',
};

/**
 * Beyond the spec: who did what to this company and when, newest first, with the old
 * and new values. `refresh` changes after each action on the profile so its entry shows at once.
 */
export function AuditLog({ tenantId, refresh }: { tenantId: string; refresh: number }) {
  const { t } = useTranslation('super');
  const list = useList<{ tenantId: string }, AuditEntry>({
    initialFilters: { tenantId },
    pageSize: PAGE_SIZE,
    fetchPage: ({ filters, page, limit, signal }) => superApi.audit(filters.tenantId, { page, limit }, signal),
    errorText: (failure) => superErrorMessage(failure, 'super:audit.fetchFailed', { list: true }),
  });
  const { items: entries, total, page, status, error, setFilters, load } = list;
  useEffect(() => setFilters({ tenantId }), [tenantId, setFilters]);
  // Each change on the profile reads the page shown again; the first page comes with the list.
  const shownRefresh = useRef(refresh);
  useEffect(() => {
    if (shownRefresh.current === refresh) return;
    shownRefresh.current = refresh;
    void load();
  }, [refresh, load]);

  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return v ? t('audit.values.yes') : t('audit.values.no');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const describe = (change: FieldChange) => t('audit.change', { field: FIELD_KEYS[change.field] ? t(FIELD_KEYS[change.field]) : change.field, from: value(change.before), to: value(change.after) });

  return (
    <Card padding="md" component="section" aria-labelledby="audit-title">
      <Title order={2} size="h4" mb="sm" id="audit-title">
        {t('audit.title')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('audit.title')} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.when')}</Table.Th>
              <Table.Th>{t('audit.who')}</Table.Th>
              <Table.Th>{t('audit.what')}</Table.Th>
              <Table.Th>{t('audit.changes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status === 'error' && error ? (
              <ListStateRow colSpan={4} error onRetry={() => void load()}>
                {error}
              </ListStateRow>
            ) : entries.length === 0 && status !== 'ready' ? (
              // the entries shown stay while another page or a refresh loads
              <ListStateRow colSpan={4}>{t('common:loading')}</ListStateRow>
            ) : entries.length === 0 ? (
              <ListStateRow colSpan={4}>{t('audit.empty')}</ListStateRow>
            ) : (
              entries.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorName ?? t('audit.system')}</Table.Td>
                  <Table.Td>
                    {t(ACTION_KEYS[entry.action])}
                    {entry.targetLabel && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        ({entry.targetLabel})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <List size="sm" listStyleType="none" spacing={2}>
                      {changedFields(entry.before, entry.after).map((change) => (
                        <List.Item key={change.field}>{describe(change)}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE_SIZE && <Pager page={page} total={total} pageSize={PAGE_SIZE} onPage={list.setPage} />}
    </Card>
  );
}
