import { Button, Table } from '@mantine/core';
import type { TeamUser, UserIdleEvent, UserStatusChangeEvent } from '@crm/common';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { ListPage } from '../../ui/ListPage';
import { UserFormModal } from '../../ui/users/UserFormModal';
import { UserRow } from '../../ui/users/UserRow';
import { useAuthStore } from '../auth/store';
import { useRealtimeStore } from '../realtime/store';
import { teamApi } from './api';

const COLUMNS = 7;
const NO_USERS: TeamUser[] = [];

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
  const query = useQuery((signal) => teamApi.listUsers(signal), [], { errorText: (failure) => errorMessage(failure, 'users:fetchFailed', { list: true }) });
  const users = query.data ?? NO_USERS;
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<TeamUser | null>(null);
  const [adding, setAdding] = useState(false);
  const { reload, setData } = query;
  const shown = useRef(false);
  shown.current = query.data !== null;

  // read again without the loading state: the table stays as it is until the answer replaces it;
  // with nothing shown yet (still loading, or failed) it is an ordinary load
  const resync = useCallback(() => {
    if (!shown.current) return reload();
    teamApi.listUsers().then(
      (list) => setData(list),
      // the list shown stays; the next (re)connect or visit reads it again
      () => undefined,
    );
  }, [reload, setData]);

  const updatePresence = useCallback((userId: string, change: Partial<TeamUser>) => setData((list) => list.map((u) => (u._id === userId ? { ...u, ...change } : u))), [setData]);
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
        status={query.status}
        error={query.error}
        onRetry={reload}
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
            reload();
          }}
        />
      )}
      {adding && (
        <UserFormModal
          save={({ name, email, role, password }) => teamApi.createUser({ name, email, role, password })}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
        />
      )}
    </>
  );
}
