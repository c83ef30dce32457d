import '@mantine/dates/styles.css';
import { ActionIcon, Button, FileButton, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { dayIn, instantAt, isCalendarDay, wallDateTimeIn, type ScheduledMessage } from '@crm/common';
import { CalendarDays, Clock, Paperclip, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { messagesApi } from '../api';
import { ATTACH_ACCEPT } from '../components/attach-accept';
import { formatBytes } from '../format';
import { scheduledMessagesApi } from './api';
import { useCompanyTimeZone, useScheduledStore } from './store';

export interface SendLaterDialogProps {
  opened: boolean;
  onClose: () => void;
  contactId: string;
  /** The composer's text, to start from (a new message). */
  draft?: string;
  /** The file chosen in the composer, to start from (a new message); it is uploaded when scheduled. */
  draftFile?: File | null;
  /** The scheduled message being edited. */
  editing?: ScheduledMessage | null;
  onScheduled?: (message: ScheduledMessage) => void;
}

/**
 * "Send later": the text and/or a file, and the date and time it goes out, picked on the company's
 * clock (its time zone). The file is uploaded when the message is scheduled (the server keeps it
 * until its time), through the same upload as the composer's.
 */
export function SendLaterDialog({ opened, onClose, contactId, draft = '', draftFile = null, editing = null, onScheduled }: SendLaterDialogProps) {
  const { t } = useTranslation('messenger');
  const timeZone = useCompanyTimeZone(contactId);
  const put = useScheduledStore((s) => s.put);
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const at = editing ? wallDateTimeIn(editing.sendAt, timeZone) : null;
    setBody(editing ? editing.body : draft);
    setFile(editing ? null : draftFile);
    setDay(at?.day ?? null);
    setTime(at?.time ?? '');
    setError(null);
  }, [opened, editing, draft, draftFile, timeZone]);

  const ready = !!day && /^\d{2}:\d{2}$/.test(time) && (!!body.trim() || !!file || !!editing?.media);

  const submit = async () => {
    if (!ready || !day) return;
    setSaving(true);
    setError(null);
    try {
      const sendAt = instantAt(day, time, timeZone).toISOString();
      const saved = editing
        ? await scheduledMessagesApi.update(editing._id, { body: body.trim(), sendAt })
        : await scheduledMessagesApi.create({ contactId, body: body.trim(), sendAt, ...(await uploaded(file)) });
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
        {editing ? (
          editing.media && <AttachedFile name={editing.media.fileName ?? t('scheduled.attachedFile')} />
        ) : file ? (
          <AttachedFile name={file.name} size={file.size} onRemove={() => setFile(null)} />
        ) : (
          <FileButton onChange={setFile} accept={ATTACH_ACCEPT} inputProps={{ 'aria-label': t('composer.chooseFile'), 'data-testid': 'send-later-attach-input' } as object}>
            {(props) => (
              <Button {...props} variant="subtle" size="compact-sm" leftSection={<Paperclip size={14} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
                {t('scheduled.attach')}
              </Button>
            )}
          </FileButton>
        )}
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

/** The file's part of the request: uploaded now, sent at the message's time. */
async function uploaded(file: File | null) {
  if (!file) return {};
  const upload = await messagesApi.upload(file);
  return { media: { path: upload.path, fileName: upload.fileName } };
}

function AttachedFile({ name, size, onRemove }: { name: string; size?: number; onRemove?: () => void }) {
  const { t } = useTranslation('messenger');
  return (
    <Group gap="xs" wrap="nowrap" data-testid="send-later-file">
      <Paperclip size={16} aria-hidden />
      <Text size="sm" truncate="end" dir="auto" style={{ flex: 1 }}>
        {name}
      </Text>
      {size !== undefined && (
        <Text size="xs" c="dimmed">
          {formatBytes(size)}
        </Text>
      )}
      {onRemove && (
        <Tooltip label={t('scheduled.removeFile')}>
          <ActionIcon variant="subtle" size="sm" aria-label={t('scheduled.removeFile')} onClick={onRemove}>
            <X size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
