import { Alert, Badge, Button, Group, Modal, PasswordInput, Select, Stack, Switch, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Role, TeamUser, UserIdleEvent, UserSession, UserStatusChangeEvent } from '@crm/common';
import { notifications } from '@mantine/notifications';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ListPage, type ListStatus } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { useAuthStore } from '../auth/store';
import { useRealtimeStore } from '../realtime/store';
import { teamApi } from './api';
import { durationMinutes, listedSessions } from './sessions';

const COLUMNS = 7;

/** Live presence: `user:status_change` sets online or offline with last seen, `user:idle` sets idle (spec/admin.md §4). */
function usePresenceUpdates(update: (userId: string, change: Partial<TeamUser>) => void) {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return;
    const onStatus = ({ userId, isOnline, lastSeen }: UserStatusChangeEvent) =>
      update(userId, { isOnline, status: isOnline ? 'online' : 'offline', ...(lastSeen ? { lastSeen } : {}) });
    const onIdle = ({ userId }: UserIdleEvent) => update(userId, { status: 'idle' });
    socket.on('user:status_change', onStatus);
    socket.on('user:idle', onIdle);
    return () => {
      socket.off('user:status_change', onStatus);
      socket.off('user:idle', onIdle);
    };
  }, [socket, update]);
}

/** spec/admin.md §2 "Team Users": table, expandable session history, edit and add (route guarded by 'team.manage'). */
export function TeamUsersPage() {
  const { t } = useTranslation('users');
  const [users, setUsers] = useState<TeamUser[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<TeamUser | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    setStatus('loading');
    setError(null);
    try {
      setUsers(await teamApi.listUsers());
      setStatus('ready');
    } catch (failure) {
      setUsers([]);
      setError(errorMessage(failure, 'users:fetchFailed', { list: true }));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const updatePresence = useCallback(
    (userId: string, change: Partial<TeamUser>) => setUsers((list) => list.map((u) => (u._id === userId ? { ...u, ...change } : u))),
    [],
  );
  usePresenceUpdates(updatePresence);

  return (
    <>
      <ListPage
        title={t('title')}
        actions={
          <Button leftSection={<Plus size={16} />} onClick={() => setAdding(true)}>
            {t('add.button')}
          </Button>
        }
        tableLabel={t('table')}
        minWidth={860}
        head={
          <>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.email')}</Table.Th>
            <Table.Th>{t('columns.role')}</Table.Th>
            <Table.Th>{t('columns.active')}</Table.Th>
            <Table.Th>{t('columns.presence')}</Table.Th>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </>
        }
        columnCount={COLUMNS}
        status={status}
        error={error}
        texts={{ loading: t('common:loading'), empty: t('empty') }}
        rowCount={users.length}
      >
        {users.map((user) => (
          <Fragment key={user._id}>
            <Table.Tr>
              <Table.Td>
                <UnstyledButton
                  onClick={() => setExpanded((id) => (id === user._id ? null : user._id))}
                  aria-expanded={expanded === user._id}
                  aria-label={t('sessions.toggle', { name: user.name })}
                >
                  <Group gap={4} wrap="nowrap">
                    {expanded === user._id ? <ChevronDown size={14} /> : <ChevronRight size={14} className="mirror-rtl" />}
                    <Text size="sm" fw={500}>
                      {user.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Ltr>{user.email}</Ltr>
              </Table.Td>
              <Table.Td>{user.role === 'admin' ? t('roles.admin') : t('roles.sales')}</Table.Td>
              <Table.Td>
                <Badge color={user.isActive ? 'green' : 'red'} variant="light">
                  {user.isActive ? t('active') : t('inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PresenceCell user={user} />
              </Table.Td>
              <Table.Td>{formatDateTime(user.createdAt)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => setEditing(user)} aria-label={t('edit.buttonFor', { name: user.name })}>
                  {t('edit.button')}
                </Button>
              </Table.Td>
            </Table.Tr>
            {expanded === user._id && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <SessionHistory user={user} />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        ))}
      </ListPage>
      {editing && (
        <UserFormModal
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {adding && (
        <UserFormModal
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void load();
          }}
        />
      )}
    </>
  );
}

/** Online (green), idle (yellow), otherwise grey with when the user was last seen ('Never'). */
function PresenceCell({ user }: { user: TeamUser }) {
  const { t } = useTranslation('users');
  if (user.isOnline && user.status === 'idle') return <Badge color="yellow">{t('presence.idle')}</Badge>;
  if (user.isOnline) return <Badge color="green">{t('presence.online')}</Badge>;
  return (
    <Stack gap={2}>
      <Badge color="gray">{t('presence.offline')}</Badge>
      <Text size="xs" c="dimmed">
        {user.lastSeen ? t('presence.lastSeen', { time: formatDateTime(user.lastSeen) }) : t('presence.never')}
      </Text>
    </Stack>
  );
}

function SessionHistory({ user }: { user: TeamUser }) {
  const { t } = useTranslation('users');
  const [sessions, setSessions] = useState<UserSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    teamApi
      .sessions(user._id)
      .then((list) => live && setSessions(listedSessions(list, Date.now())))
      .catch((failure: unknown) => live && setError(errorMessage(failure, 'users:sessions.fetchFailed', { list: true })));
    return () => {
      live = false;
    };
  }, [user._id]);

  if (error) return <Text c="red" size="sm">{error}</Text>;
  if (!sessions) return <Text size="sm">{t('common:loading')}</Text>;
  if (sessions.length === 0) return <Text size="sm" c="dimmed">{t('sessions.empty')}</Text>;
  return (
    <Table aria-label={t('sessions.table', { name: user.name })} fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sessions.login')}</Table.Th>
          <Table.Th>{t('sessions.logout')}</Table.Th>
          <Table.Th>{t('sessions.duration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((s) => {
          const minutes = durationMinutes(s);
          return (
            <Table.Tr key={s._id}>
              <Table.Td>{formatDateTime(s.loginTime)}</Table.Td>
              <Table.Td>{formatDateTime(s.logoutTime)}</Table.Td>
              <Table.Td>{minutes === null ? '-' : t('sessions.minutes', { minutes: formatNumber(minutes, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

interface FormState {
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  password: string;
}

/** The edit modal (a user given: name, email, role, active, optional password) or the add modal. */
function UserFormModal({ user, onClose, onSaved }: { user?: TeamUser; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('users');
  const myId = useAuthStore((state) => state.user?._id);
  const [form, setForm] = useState<FormState>({ name: user?.name ?? '', email: user?.email ?? '', role: user?.role ?? 'sales', isActive: user?.isActive ?? true, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  // the server ends the admin's other sessions and keeps this one (team-users.service.ts)
  const ownNewPassword = !!user && user._id === myId && form.password !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      if (user) await teamApi.updateUser(user._id, { name: form.name, email: form.email, role: form.role, isActive: form.isActive, password: form.password });
      else await teamApi.createUser({ name: form.name, email: form.email, role: form.role, password: form.password });
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
          <Select
            label={t('form.role')}
            data={[
              { value: 'sales', label: t('roles.sales') },
              { value: 'admin', label: t('roles.admin') },
            ]}
            value={form.role}
            allowDeselect={false}
            onChange={(value) => value && set('role', value as Role)}
          />
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
