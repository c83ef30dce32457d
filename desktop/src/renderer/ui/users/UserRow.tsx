import { Badge, Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { TeamUser, UserSession } from '@crm/common';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Ltr } from '../Ltr';
import { PresenceCell } from './PresenceCell';
import { SessionHistory } from './SessionHistory';

export interface UserRowProps {
  user: TeamUser;
  columnCount: number;
  expanded: boolean;
  onToggle: () => void;
  loadSessions: (userId: string) => Promise<UserSession[]>;
  onEdit: () => void;
  /** The super screen's Company cell (shown only there). */
  company?: ReactNode;
  /** The super screen's Delete (shown only there). */
  onDelete?: () => void;
}

/** One row of a users table (Team Users and the super 'Manage Users') with its expandable session history. */
export function UserRow({ user, columnCount, expanded, onToggle, loadSessions, onEdit, company, onDelete }: UserRowProps) {
  const { t } = useTranslation('users');
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <UnstyledButton onClick={onToggle} aria-expanded={expanded} aria-label={t('sessions.toggle', { name: user.name })}>
            <Group gap={4} wrap="nowrap">
              {expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} className="mirror-rtl" />}
              <Text size="sm" fw={500}>
                {user.name}
              </Text>
            </Group>
          </UnstyledButton>
        </Table.Td>
        <Table.Td>
          <Ltr>{user.email}</Ltr>
        </Table.Td>
        {company !== undefined && <Table.Td>{company}</Table.Td>}
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
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={onEdit} aria-label={t('edit.buttonFor', { name: user.name })}>
              {t('edit.button')}
            </Button>
            {onDelete && (
              <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={t('delete.buttonFor', { name: user.name })}>
                {t('delete.button')}
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={columnCount}>
            <SessionHistory user={user} load={loadSessions} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
