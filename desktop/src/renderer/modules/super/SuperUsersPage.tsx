import { Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { SuperUser } from '@crm/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { superErrorMessage } from './super-error';
import { useList } from '../../lib/load/use-list';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchFilter';
import { UserFormModal } from '../../ui/users/UserFormModal';
import { UserRow } from '../../ui/users/UserRow';
import { superApi } from './api';
import { AddSuperUserForm } from './components/AddSuperUserForm';
import { CompanySelect } from './components/CompanySelect';

const COLUMNS = 8;
const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/**
 * Super users ('Manage Users'): users of every company with their Company, the
 * add form, session history, the edit modal (PATCH /super/users) and Delete. The rows are the
 * Team Users screen's (ui/users). The company filter searches the companies on the server.
 */
export function SuperUsersPage() {
  const { t } = useTranslation('super');
  const list = useList<{ q: string; tenantId: string | null }, SuperUser>({
    initialFilters: { q: '', tenantId: null },
    pageSize: PAGE_SIZE,
    fetchPage: ({ filters, page, limit, signal }) => superApi.users({ q: filters.q || undefined, tenantId: filters.tenantId ?? undefined, page, limit }, signal),
    errorText: (failure) => superErrorMessage(failure, 'super:users.fetchFailed', { list: true }),
  });
  const { items: users, total, page, status, filters } = list;
  const load = () => list.load();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<SuperUser | null>(null);

  const confirmDelete = (user: SuperUser) =>
    modals.openConfirmModal({
      title: t('users.deleteTitle', { name: user.name }),
      children: <Text size="sm">{t('users.deleteConfirm', { name: user.name, company: user.tenant.name })}</Text>,
      labels: { confirm: t('users.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await superApi.deleteUser(user._id);
            notifications.show({ color: 'green', message: t('users.deleted', { name: user.name }) });
            await load();
          } catch (failure) {
            notifications.show({ color: 'red', message: superErrorMessage(failure, 'super:users.deleteFailed') });
          }
        })(),
    });

  return (
    <>
      <ListPage
        title={t('users.title')}
        summary={<AddSuperUserForm onAdded={() => void load()} />}
        filters={
          <>
            <SearchFilter value={filters.q} onChange={(q) => list.setFilters({ q })} delay={SEARCH_DELAY_MS} placeholder={t('users.searchPlaceholder')} />
            <CompanySelect label={t('users.companyFilter')} placeholder={t('users.allCompanies')} value={filters.tenantId} clearable onChange={(tenantId) => list.setFilters({ tenantId })} />
          </>
        }
        tableLabel={t('users.table')}
        minWidth={980}
        head={
          <>
            <Table.Th>{t('users:columns.name')}</Table.Th>
            <Table.Th>{t('users:columns.email')}</Table.Th>
            <Table.Th>{t('columns.company')}</Table.Th>
            <Table.Th>{t('users:columns.role')}</Table.Th>
            <Table.Th>{t('users:columns.active')}</Table.Th>
            <Table.Th>{t('users:columns.presence')}</Table.Th>
            <Table.Th>{t('users:columns.created')}</Table.Th>
            <Table.Th>{t('users:columns.actions')}</Table.Th>
          </>
        }
        columnCount={COLUMNS}
        status={status}
        error={list.error}
        onRetry={() => void load()}
        texts={{ loading: t('common:loading'), empty: t('users:empty') }}
        rowCount={users.length}
        paging={{ page, total, pageSize: PAGE_SIZE, onPage: list.setPage }}
      >
        {users.map((user) => (
          <UserRow
            key={user._id}
            user={user}
            columnCount={COLUMNS}
            expanded={expanded === user._id}
            onToggle={() => setExpanded((id) => (id === user._id ? null : user._id))}
            loadSessions={superApi.sessions}
            onEdit={() => setEditing(user)}
            company={user.tenant.name}
            onDelete={() => confirmDelete(user)}
          />
        ))}
      </ListPage>
      {editing && (
        <UserFormModal
          user={editing}
          save={(form) => superApi.updateUser(editing._id, form)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </>
  );
}
