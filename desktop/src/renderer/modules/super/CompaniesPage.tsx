import { Anchor, PasswordInput, Table, TextInput } from '@mantine/core';
import { createTenantSchema, type CreateTenantRequest, type TenantWithStats } from '@crm/common';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { superErrorMessage } from './super-error';
import { formatDate } from '../../lib/format';
import { useList } from '../../lib/load/use-list';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { SearchFilter } from '../../ui/SearchFilter';
import { superApi } from './api';
import { AddFormCard, useAddForm } from './components/AddFormCard';
import { TenantStatusBadge } from './SubscriptionBadge';

type Field = keyof CreateTenantRequest;
const FIELDS: Field[] = ['name', 'slug', 'adminName', 'adminEmail', 'adminPassword'];
const emptyForm: Record<Field, string> = { name: '', slug: '', adminName: '', adminEmail: '', adminPassword: '' };
const COLUMNS = 4;
const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/**
 * The companies page: the add form and the list, each company linking to its
 * profile. The list is paged and searched (name or slug) on the server, newest first.
 */
export function CompaniesPage() {
  const { t } = useTranslation('super');
  const list = useList<{ q: string }, TenantWithStats>({
    initialFilters: { q: '' },
    pageSize: PAGE_SIZE,
    fetchPage: ({ filters, page, limit, signal }) => superApi.tenants({ q: filters.q, page, limit }, signal),
    errorText: (failure) => superErrorMessage(failure, 'super:tenants.fetchFailed', { list: true }),
  });
  const { items: tenants, total, page, status } = list;

  // A new company is the newest: it shows on page 1.
  const onAdded = () => (page === 1 ? void list.load() : list.setPage(1));

  return (
    <ListPage
      title={t('tenants.title')}
      subtitle={status === 'ready' ? t('tenants.count', { count: total }) : undefined}
      summary={<AddCompanyForm onAdded={onAdded} />}
      filters={<SearchFilter value={list.filters.q} onChange={(q) => list.setFilters({ q })} delay={SEARCH_DELAY_MS} placeholder={t('tenants.searchPlaceholder')} />}
      tableLabel={t('tenants.table')}
      minWidth={640}
      head={
        <>
          <Table.Th>{t('columns.company')}</Table.Th>
          <Table.Th>{t('columns.slug')}</Table.Th>
          <Table.Th>{t('columns.status')}</Table.Th>
          <Table.Th>{t('columns.created')}</Table.Th>
        </>
      }
      columnCount={COLUMNS}
      status={status}
      error={list.error}
      onRetry={() => void list.load()}
      texts={{ loading: t('common:loading'), empty: t('tenants.empty') }}
      rowCount={tenants.length}
      paging={{ page, total, pageSize: PAGE_SIZE, onPage: list.setPage }}
    >
      {tenants.map((tenant) => (
        <Table.Tr key={tenant._id}>
          <Table.Td>
            <Anchor component={Link} to={`/super/tenants/${tenant._id}`} fw={500}>
              {tenant.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Ltr>{tenant.slug}</Ltr>
          </Table.Td>
          <Table.Td>
            <TenantStatusBadge isActive={tenant.isActive} inactiveWord="inactive" />
          </Table.Td>
          <Table.Td>{formatDate(tenant.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    </ListPage>
  );
}

/** Name, slug and the first admin's sign-in (admin name optional). */
function AddCompanyForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('super');
  const { form, edit, fieldErrors, formError, saving, submit } = useAddForm({
    empty: emptyForm,
    fields: FIELDS,
    schema: createTenantSchema,
    toInput: (values) => ({ ...values, adminName: values.adminName.trim() || undefined }),
    send: (request: CreateTenantRequest) => superApi.createTenant(request),
    failKey: 'super:tenants.addFailed',
    codeFields: { 'tenant.slug_taken': 'slug', 'user.email_taken': 'adminEmail' },
    added: () => t('tenants.added'),
    onAdded,
  });

  return (
    <AddFormCard id="add-company-title" title={t('tenants.addTitle')} formError={formError} saving={saving} submitLabel={t('tenants.addSubmit')} onSubmit={submit}>
      <TextInput label={t('tenants.form.name')} required value={form.name} onChange={(e) => edit('name', e.currentTarget.value)} error={fieldErrors.name} />
      <TextInput
        label={t('tenants.form.slug')}
        description={t('tenants.form.slugHint')}
        required
        dir="ltr"
        value={form.slug}
        onChange={(e) => edit('slug', e.currentTarget.value)}
        error={fieldErrors.slug}
      />
      <TextInput label={t('tenants.form.adminName')} value={form.adminName} onChange={(e) => edit('adminName', e.currentTarget.value)} error={fieldErrors.adminName} />
      <TextInput
        label={t('tenants.form.adminEmail')}
        type="email"
        required
        dir="ltr"
        value={form.adminEmail}
        onChange={(e) => edit('adminEmail', e.currentTarget.value)}
        error={fieldErrors.adminEmail}
      />
      <PasswordInput label={t('tenants.form.adminPassword')} required value={form.adminPassword} onChange={(e) => edit('adminPassword', e.currentTarget.value)} error={fieldErrors.adminPassword} />
    </AddFormCard>
  );
}
