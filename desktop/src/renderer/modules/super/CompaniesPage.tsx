import { Alert, Anchor, Button, Card, PasswordInput, SimpleGrid, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createTenantSchema, type CreateTenantRequest, type TenantWithStats } from '@crm/common';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { superErrorMessage } from './super-error';
import { formatDate } from '../../lib/format';
import { ListPage, type ListStatus } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { superApi } from './api';
import { splitRefusal } from './field-errors';
import { checkWith } from './schema-texts';
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
  const [form, setForm] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...form, adminName: form.adminName.trim() || undefined };
    const errors = checkWith<Field>(createTenantSchema, input);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await superApi.createTenant(createTenantSchema.parse(input));
      notifications.show({ color: 'green', message: t('tenants.added') });
      setForm(emptyForm);
      onAdded();
    } catch (failure) {
      const refusal = splitRefusal(failure, FIELDS, 'super:tenants.addFailed', { 'tenant.slug_taken': 'slug', 'user.email_taken': 'adminEmail' });
      setFieldErrors(refusal.field);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card mb="lg" padding="md" component="section" aria-labelledby="add-company-title">
      <Title order={2} size="h4" mb="sm" id="add-company-title">
        {t('tenants.addTitle')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {formError && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <TextInput label={t('tenants.form.name')} required value={form.name} onChange={(e) => edit('name')(e.currentTarget.value)} error={fieldErrors.name} />
          <TextInput
            label={t('tenants.form.slug')}
            description={t('tenants.form.slugHint')}
            required
            dir="ltr"
            value={form.slug}
            onChange={(e) => edit('slug')(e.currentTarget.value)}
            error={fieldErrors.slug}
          />
          <TextInput label={t('tenants.form.adminName')} value={form.adminName} onChange={(e) => edit('adminName')(e.currentTarget.value)} error={fieldErrors.adminName} />
          <TextInput
            label={t('tenants.form.adminEmail')}
            type="email"
            required
            dir="ltr"
            value={form.adminEmail}
            onChange={(e) => edit('adminEmail')(e.currentTarget.value)}
            error={fieldErrors.adminEmail}
          />
          <PasswordInput
            label={t('tenants.form.adminPassword')}
            required
            value={form.adminPassword}
            onChange={(e) => edit('adminPassword')(e.currentTarget.value)}
            error={fieldErrors.adminPassword}
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={saving}>
          {t('tenants.addSubmit')}
        </Button>
      </form>
    </Card>
  );
}
