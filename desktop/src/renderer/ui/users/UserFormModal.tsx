import { notifications } from '@mantine/notifications';
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { Role } from '@crm/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';

export interface UserFormValues {
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  /** Blank on edit keeps the current password. */
  password: string;
}

interface UserFormModalProps {
  /** The user being edited; none opens the add modal. */
  user?: Pick<UserFormValues, 'name' | 'email' | 'role' | 'isActive'>;
  /** The team endpoint (PUT) or the super one (PATCH); throws on refusal. */
  save: (values: UserFormValues) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  /** The signed-in user edits themselves: a new password ends their other sessions, this one stays. */
  ownAccount?: boolean;
}

/** The edit-user modal (name, email, role, active, optional password) or the team's add modal. */
export function UserFormModal({ user, save, onClose, onSaved, ownAccount = false }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const [form, setForm] = useState<UserFormValues>({ name: user?.name ?? '', email: user?.email ?? '', role: user?.role ?? 'sales', isActive: user?.isActive ?? true, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setForm((f) => ({ ...f, [key]: value }));
  // the server ends the admin's other sessions and keeps this one (team-users.service.ts)
  const ownNewPassword = !!user && ownAccount && form.password !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await save(form);
      if (ownNewPassword) notifications.show({ color: 'green', message: t('form.ownPasswordChanged') });
      onSaved();
    } catch (failure) {
      setError(user ? errorMessage(failure, 'users:edit.failed') : errorMessage(failure, 'users:add.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={user ? t('edit.title') : t('add.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput label={t('form.name')} required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
          <TextInput label={t('form.email')} required type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} />
          <RoleSelect value={form.role} onChange={(role) => set('role', role)} />
          {user && <Switch label={t('form.isActive')} checked={form.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />}
          <PasswordInput
            label={user ? t('form.newPassword') : t('form.password')}
            required={!user}
            description={user ? t('form.passwordKeep') : undefined}
            value={form.password}
            onChange={(e) => set('password', e.currentTarget.value)}
          />
          {ownNewPassword && (
            <Alert color="blue" variant="light">
              {t('form.ownPasswordNotice')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {user ? t('form.save') : t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Sales or Admin (a new user defaults to Sales). */
export function RoleSelect({ value, onChange, error }: { value: Role; onChange: (role: Role) => void; error?: string }) {
  const { t } = useTranslation('users');
  return (
    <Select
      label={t('form.role')}
      data={[
        { value: 'sales', label: t('roles.sales') },
        { value: 'admin', label: t('roles.admin') },
      ]}
      value={value}
      allowDeselect={false}
      onChange={(role) => role && onChange(role as Role)}
      error={error}
    />
  );
}
