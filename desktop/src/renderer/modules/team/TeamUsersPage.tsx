import { Button, Table } from '@mantine/core';
import type { TeamUser, UserIdleEvent, UserStatusChangeEvent } from '@crm/common';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { ListPage, type ListStatus } from '../../ui/ListPage';
import { UserFormModal } from '../../ui/users/UserFormModal';
import { UserRow } from '../../ui/users/UserRow';
import { useAuthStore } from '../auth/store';
import { useRealtimeStore } from '../realtime/store';
import { teamApi } from './api';

const COLUMNS = 7;

/**
 * Live presence: `user:status_change` sets online or offline with last seen, `user:idle` sets idle.
 * Events missed while the socket was down (a reload, a dropped connection, a
 * server telling its clients to re-sync) would leave the list stale for good: on every (re)connect
 * the list is read again (`resync`).
 */
function usePresenceUpdates(update: (userId: string, change: Partial<TeamUser>) => void, resync: () => void) {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return;
    const onStatus = ({ userId, isOnline, lastSeen }: UserStatusChangeEvent) => update(userId, { isOnline, status: isOnline ? 'online' : 'offline', ...(lastSeen ? { lastSeen } : {}) });
    const onIdle = ({ userId }: UserIdleEvent) => update(userId, { status: 'idle' });
    socket.on('user:status_change', onStatus);
    socket.on('user:idle', onIdle);
    socket.on('connect', resync);
    return () => {
      socket.off('user:status_change', onStatus);
      socket.off('user:idle', onIdle);
      socket.off('connect', resync);
    };
  }, [socket, update, resync]);
}

/** Team users: table, expandable session history, edit and add (route guarded by 'team.manage'). */
export function TeamUsersPage() {
  const { t } = useTranslation('users');
  const myId = useAuthStore((state) => state.user?._id);
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

  // read again without the loading state: the table stays as it is until the answer replaces it
  const resync = useCallback(() => {
    teamApi.listUsers().then(
      (list) => {
        setUsers(list);
        setError(null);
        setStatus('ready');
      },
      // the list shown stays; the next (re)connect or visit reads it again
      () => undefined,
    );
  }, []);

  const updatePresence = useCallback((userId: string, change: Partial<TeamUser>) => setUsers((list) => list.map((u) => (u._id === userId ? { ...u, ...change } : u))), []);
  usePresenceUpdates(updatePresence, resync);

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
          <UserRow
            key={user._id}
            user={user}
            columnCount={COLUMNS}
            expanded={expanded === user._id}
            onToggle={() => setExpanded((id) => (id === user._id ? null : user._id))}
            loadSessions={teamApi.sessions}
            onEdit={() => setEditing(user)}
          />
        ))}
      </ListPage>
      {editing && (
        <UserFormModal
          user={editing}
          ownAccount={editing._id === myId}
          save={(form) => teamApi.updateUser(editing._id, form)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {adding && (
        <UserFormModal
          save={({ name, email, role, password }) => teamApi.createUser({ name, email, role, password })}
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
