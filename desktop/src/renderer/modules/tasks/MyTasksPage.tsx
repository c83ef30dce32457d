import { Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { taskCommentText, taskDescriptionPreview, type Task, type TaskStatus } from '@crm/common';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDay, todayDay } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { FormModal } from '../../ui/FormModal';
import { LoadError } from '../../ui/LoadError';
import { PageHeader } from '../../ui/PageHeader';
import { tasksApi } from './api';
import { emptyTaskFields, TaskComments, TaskFieldInputs, TaskStatusBadge, type TaskFields } from './task-pieces';

const NO_TASKS: Task[] = [];

/**
 * My Tasks (sales): pending and completed lists, a create modal and an
 * update-status modal; cards show the last two comments and descriptions cut at 40 characters.
 * Failures are toasts with the server's message.
 */
export function MyTasksPage() {
  const { t } = useTranslation('tasks');
  const tasks = useQuery(
    (signal) =>
      tasksApi.mine(signal).then(
        (list) => list.items,
        (failure: unknown) => {
          if (!signal.aborted) notifications.show({ color: 'red', message: errorMessage(failure, 'tasks:team.fetchFailed') });
          throw failure;
        },
      ),
    [],
    { errorText: (failure) => errorMessage(failure, 'tasks:team.fetchFailed', { list: true }) },
  );
  const items = tasks.data ?? NO_TASKS;
  const [creating, setCreating] = useState(false);
  const [updating, setUpdating] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();

  const linked = params.get('task');
  useEffect(() => {
    if (linked && items.some((task) => task._id === linked)) setUpdating(linked);
  }, [linked, items]);
  const closeUpdate = () => {
    setUpdating(null);
    if (linked) setParams({}, { replace: true });
  };

  const pending = items.filter((task) => task.status !== 'completed');
  const completed = items.filter((task) => task.status === 'completed');
  const updated = items.find((task) => task._id === updating) ?? null;

  return (
    <Stack>
      <PageHeader
        title={t('my.title')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('my.add')}
          </Button>
        }
      />
      {tasks.error ? (
        <LoadError error={tasks.error} onRetry={tasks.reload} />
      ) : !tasks.data ? (
        <Loader aria-label={t('team.loading')} />
      ) : (
        <>
          <TaskSection label={t('my.pending')} empty={t('my.noPending')} tasks={pending} onUpdate={setUpdating} />
          <TaskSection label={t('my.completed')} empty={t('my.noCompleted')} tasks={completed} onUpdate={setUpdating} />
        </>
      )}
      <CreateMyTaskModal opened={creating} onClose={() => setCreating(false)} onCreated={tasks.reload} />
      {updated && <UpdateStatusModal task={updated} onClose={closeUpdate} onUpdated={tasks.reload} />}
    </Stack>
  );
}

function TaskSection({ label, empty, tasks, onUpdate }: { label: string; empty: string; tasks: Task[]; onUpdate: (id: string) => void }) {
  const { t } = useTranslation('tasks');
  return (
    <section aria-label={label}>
      <Title order={3} size="h4" mb="sm">
        {label}
      </Title>
      {tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {tasks.map((task) => (
            <Card key={task._id} withBorder padding="md" component="article" aria-label={task.title}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Text fw={600}>{task.title}</Text>
                  <TaskStatusBadge status={task.status} />
                </Group>
                {task.description && <Text size="sm">{taskDescriptionPreview(task.description)}</Text>}
                <Text size="xs" c="dimmed">
                  {task.dueDate ? t('due', { date: formatDay(task.dueDate) }) : t('noDueDate')}
                </Text>
                {task.comments.length > 0 && (
                  <>
                    <Text size="xs" fw={600}>
                      {t('my.lastComments')}
                    </Text>
                    <TaskComments comments={task.comments.slice(-2)} />
                  </>
                )}
                <Group justify="flex-end">
                  <Button size="xs" variant="light" aria-label={t('my.updateLabel', { title: task.title })} onClick={() => onUpdate(task._id)}>
                    {t('my.update')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

function CreateMyTaskModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('tasks');
  const [fields, setFields] = useState<TaskFields>(emptyTaskFields);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setFields(emptyTaskFields);
    setTitleError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!fields.title.trim()) {
      setTitleError(t('form.titleRequired'));
      return;
    }
    setSaving(true);
    try {
      await tasksApi.createMine({ title: fields.title.trim(), description: fields.description.trim() || null, dueDate: fields.dueDate });
      notifications.show({ color: 'green', message: t('createdToast') });
      close();
      onCreated();
    } catch (failure) {
      notifications.show({ color: 'red', title: t('createFailed'), message: errorMessage(failure, 'tasks:createFailed') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal opened={opened} onClose={close} title={t('form.createTitle')} onSubmit={submit} saving={saving} texts={{ cancel: t('form.cancel'), save: t('form.create') }}>
      <TaskFieldInputs
        value={fields}
        onChange={(value) => {
          setFields(value);
          setTitleError(undefined);
        }}
        titleError={titleError}
        minDate={todayDay()}
      />
    </FormModal>
  );
}

function UpdateStatusModal({ task, onClose, onUpdated }: { task: Task; onClose: () => void; onUpdated: () => void }) {
  const { t } = useTranslation('tasks');
  const [status, setStatus] = useState<TaskStatus>(task.status);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      const text = taskCommentText(comment);
      await tasksApi.update(task._id, text ? { status, comment: text } : { status });
      notifications.show({ color: 'green', message: t('updatedToast') });
      onClose();
      onUpdated();
    } catch (failure) {
      notifications.show({ color: 'red', title: t('updateFailed'), message: errorMessage(failure, 'tasks:updateFailed') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal opened onClose={onClose} title={t('form.updateTitle')} onSubmit={submit} saving={saving} texts={{ cancel: t('form.cancel'), save: t('form.save') }}>
      <Text fw={600}>{task.title}</Text>
      <Select
        label={t('form.status')}
        data={[
          { value: 'pending', label: t('status.pending') },
          { value: 'completed', label: t('status.completed') },
        ]}
        value={status}
        onChange={(value) => value && setStatus(value as TaskStatus)}
        allowDeselect={false}
      />
      <Textarea label={t('form.comment')} placeholder={t('form.commentPlaceholder')} minRows={2} rows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
    </FormModal>
  );
}
