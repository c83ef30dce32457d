import { Anchor, PasswordInput, Table, TextInput } from '@mantine/core';
import { createTenantSchema, type CreateTenantRequest, type TenantWithStats } from '@crm/common';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { superErrorMessage } from './super-error';
import { formatDate } from '../../lib/format';
import { ListPage, type ListStatus } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { superApi } from './api';
import { AddFormCard, useAddForm } from './components/AddFormCard';
import { TenantStatusBadge } from './SubscriptionBadge';

type Field = keyof CreateTenantRequest;
const FIELDS: Field[] = ['name', 'slug', 'adminName', 'adminEmail', 'adminPassword'];
const emptyForm: Record<Field, string> = { name: '', slug: '', adminName: '', adminEmail: '', adminPassword: '' };
const COLUMNS = 4;

/** spec/admin.md §2 "Super Companies page": the add form and the list, each company linking to its profile. */
export function CompaniesPage() {
  const { t } = useTranslation('super');
  const [tenants, setTenants] = useState<TenantWithStats[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setStatus('loading');
    setError(null);
    try {
      setTenants((await superApi.tenants()).items);
      setStatus('ready');
    } catch (failure) {
      setTenants([]);
      setError(superErrorMessage(failure, 'super:tenants.fetchFailed', { list: true }));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <ListPage
      title={t('tenants.title')}
      summary={<AddCompanyForm onAdded={() => void load()} />}
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
      error={error}
      texts={{ loading: t('common:loading'), empty: t('tenants.empty') }}
      rowCount={tenants.length}
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

/** Name, slug and the first admin's sign-in (spec/admin.md §5: admin name optional). */
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
      <PasswordInput
        label={t('tenants.form.adminPassword')}
        required
        value={form.adminPassword}
        onChange={(e) => edit('adminPassword', e.currentTarget.value)}
        error={fieldErrors.adminPassword}
      />
    </AddFormCard>
  );
}
