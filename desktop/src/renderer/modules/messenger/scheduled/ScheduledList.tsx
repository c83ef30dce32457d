import { ActionIcon, Badge, Button, Collapse, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ScheduledMessage } from '@crm/common';
import { CalendarClock, Paperclip, Pencil, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useRealtimeStore } from '../../realtime/store';
import { scheduledMessagesApi } from './api';
import { SendLaterDialog } from './SendLaterDialog';
import { useScheduledStore } from './store';

const EMPTY: ScheduledMessage[] = [];
/** The server pushes each change (`scheduled:update`); should that be missed, look again a little after a message's time. */
const REFRESH_AFTER_DUE_MS = 20_000;
/** Timers further ahead than a day are left to the next opening of the chat. */
const MAX_TIMER_MS = 24 * 3_600_000;
const FAILED_SHOWN_MS = 7 * 24 * 3_600_000;

/** The chat's "Scheduled (n)" strip: the messages still waiting for their time, each with edit and cancel. */
export function ScheduledList({ contactId }: { contactId: string }) {
  const { t } = useTranslation('messenger');
  const load = useScheduledStore((s) => s.load);
  const put = useScheduledStore((s) => s.put);
  const all = useScheduledStore((s) => s.byContact[contactId]?.items ?? EMPTY);
  const timeZone = useScheduledStore((s) => s.byContact[contactId]?.timeZone);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<ScheduledMessage | null>(null);
  const socket = useRealtimeStore((s) => s.socket);
  const waiting = all.filter((m) => m.status === 'scheduled' || m.status === 'sending');
  // a message that could not go out stays in the list for a week, saying why
  const failed = all.filter((m) => m.status === 'failed' && Date.now() - new Date(m.sendAt).getTime() < FAILED_SHOWN_MS);

  useEffect(() => {
    setOpen(false);
    // a chat without the list (an older server, no access) simply shows none
    load(contactId).catch(() => undefined);
  }, [contactId, load]);

  // sent, failed, or changed in another window: the entry follows at once; after a reconnect, what was missed is fetched
  useEffect(() => {
    if (!socket) return;
    const onUpdate = (message: ScheduledMessage) => {
      if (message.contactId === contactId) put(message);
    };
    // the first connect is not a reconnect: the list loads on its own
    let connectedBefore = Boolean((socket as { connected?: boolean }).connected);
    const onConnect = () => {
      if (connectedBefore) void load(contactId).catch(() => undefined);
      connectedBefore = true;
    };
    socket.on('scheduled:update', onUpdate);
    socket.on('connect', onConnect);
    return () => {
      socket.off('scheduled:update', onUpdate);
      socket.off('connect', onConnect);
    };
  }, [socket, contactId, put, load]);

  // once the soonest one's time has passed, ask again: it has been sent (or waits for WhatsApp)
  const soonest = waiting.reduce<string | null>((min, m) => (min === null || m.sendAt < min ? m.sendAt : min), null);
  useEffect(() => {
    if (!soonest) return;
    const delay = Math.max(new Date(soonest).getTime() - Date.now(), 0) + REFRESH_AFTER_DUE_MS;
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void load(contactId).catch(() => undefined), delay);
    return () => clearTimeout(timer);
  }, [soonest, contactId, load]);

  if (!waiting.length && !failed.length) return null;

  const cancel = async (message: ScheduledMessage) => {
    try {
      put(await scheduledMessagesApi.cancel(message._id));
    } catch (err) {
      notifications.show({ color: 'red', title: t('scheduled.cancelFailed'), message: errorMessage(err, 'common:unknownError') });
      await load(contactId).catch(() => undefined);
    }
  };

  return (
    <Paper withBorder radius={0} px="sm" py={4} data-testid="scheduled-list">
      <Button variant="subtle" size="compact-xs" leftSection={<CalendarClock size={14} aria-hidden />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {t('scheduled.listToggle', { n: waiting.length })}
      </Button>
      <Collapse expanded={open}>
        <Stack gap={4} mt={4}>
          {[...waiting, ...failed].map((m) => (
            <Group key={m._id} gap="xs" wrap="nowrap" data-testid="scheduled-item">
              <Badge size="xs" variant="light">
                {formatDateTime(m.sendAt, { timeZone })}
              </Badge>
              {m.status === 'failed' && (
                <Badge size="xs" color="red" variant="light">
                  {m.reason === 'window_closed' ? t('scheduled.failed.window_closed') : t('scheduled.failed.other')}
                </Badge>
              )}
              {m.media && <Paperclip size={14} aria-label={m.media.fileName ?? t('scheduled.attachedFile')} />}
              <Text size="sm" truncate style={{ flex: 1 }} dir="auto">
                {m.body || m.media?.fileName}
              </Text>
              {m.status === 'scheduled' && (
                <>
                  <Tooltip label={t('scheduled.edit')}>
                    <ActionIcon variant="subtle" size="sm" aria-label={t('scheduled.edit')} onClick={() => setEditing(m)}>
                      <Pencil size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('scheduled.cancel')}>
                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('scheduled.cancel')} onClick={() => void cancel(m)}>
                      <X size={14} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
            </Group>
          ))}
        </Stack>
      </Collapse>
      <SendLaterDialog opened={!!editing} onClose={() => setEditing(null)} contactId={contactId} editing={editing} />
    </Paper>
  );
}
