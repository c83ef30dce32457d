import { PasswordInput, TextInput } from '@mantine/core';
import { createSuperUserSchema, type CreateSuperUserRequest, type Role } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { RoleSelect } from '../../../ui/users/UserFormModal';
import { superApi } from '../api';
import { AddFormCard, useAddForm } from './AddFormCard';
import { CompanySelect } from './CompanySelect';

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

/** Adding a user to any company: name, email, password and company required (searched on the server); role Sales (default) or Admin. */
export function AddSuperUserForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('super');
  const { form, edit, fieldErrors, formError, saving, submit } = useAddForm({
    empty: emptyForm,
    fields: FIELDS,
    schema: createSuperUserSchema,
    toInput: (values) => ({ ...values, tenantId: values.tenantId ?? '' }),
    send: (request: CreateSuperUserRequest) => superApi.createUser(request),
    failKey: 'super:users.addFailed',
    codeFields: { 'user.email_taken': 'email', 'user.email_reserved': 'email', 'tenant.not_found': 'tenantId' },
    added: (values) => t('users.added', { name: values.name.trim() }),
    onAdded,
  });

  return (
    <AddFormCard id="add-user-title" title={t('users.addTitle')} formError={formError} saving={saving} submitLabel={t('users.addSubmit')} onSubmit={submit}>
      <TextInput label={t('users:form.name')} required value={form.name} onChange={(e) => edit('name', e.currentTarget.value)} error={fieldErrors.name} />
      <TextInput label={t('users:form.email')} type="email" required dir="ltr" value={form.email} onChange={(e) => edit('email', e.currentTarget.value)} error={fieldErrors.email} />
      <PasswordInput label={t('users:form.password')} required value={form.password} onChange={(e) => edit('password', e.currentTarget.value)} error={fieldErrors.password} />
      <RoleSelect value={form.role} onChange={(role) => edit('role', role)} error={fieldErrors.role} />
      <CompanySelect label={t('users.company')} required placeholder={t('users.chooseCompany')} value={form.tenantId} onChange={(value) => edit('tenantId', value)} error={fieldErrors.tenantId} />
    </AddFormCard>
  );
}
