import { Alert, Button, Card, PasswordInput, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createSuperUserSchema, type Role } from '@crm/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleSelect } from '../../../ui/users/UserFormModal';
import { superApi } from '../api';
import { splitRefusal } from '../field-errors';
import { checkWith } from '../schema-texts';

type Field = 'name' | 'email' | 'password' | 'role' | 'tenantId';
const FIELDS: Field[] = ['name', 'email', 'password', 'role', 'tenantId'];

interface FormState {
  name: string;
  email: string;
  password: string;
  role: Role;
  tenantId: string | null;
}
const emptyForm: FormState = { name: '', email: '', password: '', role: 'sales', tenantId: null };

/** spec/admin.md §5 "Super add user": name, email, password and company required; role Sales (default) or Admin. */
export function AddSuperUserForm({ companies, onAdded }: { companies: { value: string; label: string }[]; onAdded: () => void }) {
  const { t } = useTranslation('super');
  const [form, setForm] = useState<FormState>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = <K extends Field>(field: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...form, tenantId: form.tenantId ?? '' };
    const errors = checkWith<Field>(createSuperUserSchema, input);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await superApi.createUser(createSuperUserSchema.parse(input));
      notifications.show({ color: 'green', message: t('users.added', { name: input.name.trim() }) });
      setForm(emptyForm);
      onAdded();
    } catch (failure) {
      const refusal = splitRefusal(failure, FIELDS, 'super:users.addFailed', { 'user.email_taken': 'email', 'tenant.not_found': 'tenantId' });
      setFieldErrors(refusal.field);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card mb="lg" padding="md" component="section" aria-labelledby="add-user-title">
      <Title order={2} size="h4" mb="sm" id="add-user-title">
        {t('users.addTitle')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {formError && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <TextInput label={t('users:form.name')} required value={form.name} onChange={(e) => edit('name', e.currentTarget.value)} error={fieldErrors.name} />
          <TextInput
            label={t('users:form.email')}
            type="email"
            required
            dir="ltr"
            value={form.email}
            onChange={(e) => edit('email', e.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput label={t('users:form.password')} required value={form.password} onChange={(e) => edit('password', e.currentTarget.value)} error={fieldErrors.password} />
          <RoleSelect value={form.role} onChange={(role) => edit('role', role)} error={fieldErrors.role} />
          <Select
            label={t('users.company')}
            required
            placeholder={t('users.chooseCompany')}
            data={companies}
            value={form.tenantId}
            searchable
            onChange={(value) => edit('tenantId', value)}
            error={fieldErrors.tenantId}
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={saving}>
          {t('users.addSubmit')}
        </Button>
      </form>
    </Card>
  );
}
