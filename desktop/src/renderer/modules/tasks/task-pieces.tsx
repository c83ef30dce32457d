import '@mantine/dates/styles.css';
import { Badge, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { isCalendarDay, type Task, type TaskComment } from '@crm/common';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** Success badge for completed, warning otherwise. */
export function TaskStatusBadge({ status }: { status: Task['status'] }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge color={status === 'completed' ? 'green' : 'yellow'} variant="light">
      {status === 'completed' ? t('status.completed') : t('status.pending')}
    </Badge>
  );
}

export function TaskComments({ comments }: { comments: TaskComment[] }) {
  const { t } = useTranslation('tasks');
  if (!comments.length)
    return (
      <Text size="sm" c="dimmed">
        {t('form.noComments')}
      </Text>
    );
  return (
    <Stack gap={6}>
      {comments.map((comment) => (
        <div key={comment._id}>
          <Text size="xs" c="dimmed">
            <Text span fw={600} c="dark">
              {comment.userName}
            </Text>{' '}
            · {formatDateTime(comment.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.text}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

export interface TaskFields {
  title: string;
  description: string;
  dueDate: string | null;
}
export const emptyTaskFields: TaskFields = { title: '', description: '', dueDate: null };

/** Title, description and due date, shared by the admin's and the rep's create modal. */
export function TaskFieldInputs({ value, onChange, titleError, minDate }: { value: TaskFields; onChange: (value: TaskFields) => void; titleError?: string; minDate?: string }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      <TextInput label={t('form.title')} required value={value.title} error={titleError} onChange={(e) => onChange({ ...value, title: e.currentTarget.value })} data-autofocus />
      <Textarea label={t('form.description')} minRows={2} rows={3} value={value.description} onChange={(e) => onChange({ ...value, description: e.currentTarget.value })} />
      <DateInput
        label={t('form.dueDate')}
        valueFormat="YYYY-MM-DD"
        dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
        clearable
        minDate={minDate}
        value={value.dueDate}
        onChange={(day) => onChange({ ...value, dueDate: day })}
        leftSection={<CalendarDays size={16} aria-hidden />}
      />
    </>
  );
}
