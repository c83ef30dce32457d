import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { dayIn, isCalendarDay, type ScheduledMessage } from '@crm/common';
import { CalendarDays, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { scheduledMessagesApi } from './api';
import { useCompanyTimeZone, useScheduledStore } from './store';
import { isoToZoned, zonedToIso } from './zoned-time';

export interface SendLaterDialogProps {
  opened: boolean;
  onClose: () => void;
  contactId: string;
  /** The composer's text, to start from (a new message). */
  draft?: string;
  /** The scheduled message being edited. */
  editing?: ScheduledMessage | null;
  onScheduled?: (message: ScheduledMessage) => void;
}

/** "Send later": the text, and the date and time it goes out, picked on the company's clock (its time zone). */
export function SendLaterDialog({ opened, onClose, contactId, draft = '', editing = null, onScheduled }: SendLaterDialogProps) {
  const { t } = useTranslation('messenger');
  const timeZone = useCompanyTimeZone(contactId);
  const put = useScheduledStore((s) => s.put);
  const [body, setBody] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const at = editing ? isoToZoned(editing.sendAt, timeZone) : null;
    setBody(editing ? editing.body : draft);
    setDay(at?.day ?? null);
    setTime(at?.time ?? '');
    setError(null);
  }, [opened, editing, draft, timeZone]);

  const ready = !!day && /^\d{2}:\d{2}$/.test(time) && (!!body.trim() || !!editing?.media);

  const submit = async () => {
    if (!ready || !day) return;
    setSaving(true);
    setError(null);
    try {
      const sendAt = zonedToIso(day, time, timeZone);
      const saved = editing ? await scheduledMessagesApi.update(editing._id, { body: body.trim(), sendAt }) : await scheduledMessagesApi.create({ contactId, body: body.trim(), sendAt });
      put(saved);
      onScheduled?.(saved);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'common:unknownError'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('scheduled.editTitle') : t('scheduled.title')} centered>
      <Stack gap="sm">
        <Textarea label={t('scheduled.message')} value={body} onChange={(e) => setBody(e.currentTarget.value)} minRows={2} autosize={false} rows={3} dir="auto" />
        <Group grow align="flex-start">
          <DateInput
            label={t('scheduled.date')}
            valueFormat="YYYY-MM-DD"
            dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
            minDate={dayIn(new Date(), timeZone)}
            value={day}
            onChange={setDay}
            leftSection={<CalendarDays size={16} aria-hidden />}
          />
          <TimeInput label={t('scheduled.time')} value={time} onChange={(e) => setTime(e.currentTarget.value)} leftSection={<Clock size={16} aria-hidden />} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('scheduled.zoneHint', { zone: timeZone })}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('scheduled.close')}
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={saving}>
            {editing ? t('scheduled.save') : t('scheduled.schedule')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
