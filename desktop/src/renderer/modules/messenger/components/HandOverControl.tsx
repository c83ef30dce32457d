import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Chat } from '@crm/common';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { i18n } from '../../../i18n';
import { errorMessage } from '../../../lib/error-message';
import { useQuery } from '../../../lib/load/use-query';
import { LoadError } from '../../../ui/LoadError';
import { useCan } from '../../auth/use-can';
import { useAuthStore } from '../../auth/store';
import { notesApi } from '../api';
import { useChatStore } from '../store';

type Assignee = Chat['assignedTo'];

/**
 * 'Hand over' in the chat header: an admin hands any chat to another active sales user; the
 * assigned rep their own, when the company allows it. A rep whose open chat is handed away (by
 * them or by an admin) is told and leaves it, as they may no longer see it.
 */
export function HandOverControl({ contactId, assignedTo }: { contactId: string; assignedTo: Assignee | undefined }) {
  const { t } = useTranslation('messenger');
  const me = useAuthStore((state) => state.user?._id ?? null);
  const seesAll = useCan('contacts.all');
  const isAdmin = useCan('contacts.assign');
  const mayOwn = useCan('chats.hand-over-own');
  const own = Boolean(me && assignedTo?._id === me);
  const [companyAllows, setCompanyAllows] = useState(false);
  const [opened, setOpened] = useState(false);
  // a hand-over made here already said so: leaving the chat needs no second line
  const handedHere = useRef(false);
  useLeaveWhenHandedAway(assignedTo, me, seesAll, handedHere);

  useEffect(() => {
    if (isAdmin || !mayOwn || !own) return;
    let live = true;
    notesApi
      .settings()
      .then(({ settings }) => live && setCompanyAllows(settings.repsMayHandOver))
      .catch(() => live && setCompanyAllows(false));
    return () => {
      live = false;
    };
  }, [isAdmin, mayOwn, own]);

  if (!isAdmin && !(mayOwn && own && companyAllows)) return null;
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<ArrowRightLeft size={14} aria-hidden />} onClick={() => setOpened(true)}>
        {t('handOver.button')}
      </Button>
      {opened && <HandOverDialog contactId={contactId} assignedTo={assignedTo ?? null} onClose={() => setOpened(false)} onHandedOver={() => (handedHere.current = true)} />}
    </>
  );
}

/** A rep's open chat that now belongs to someone else closes, with a line saying to whom. */
function useLeaveWhenHandedAway(assignedTo: Assignee | undefined, me: string | null, seesAll: boolean, handedHere: { current: boolean }) {
  const navigate = useNavigate();
  const wasMine = useRef(false);
  useEffect(() => {
    if (seesAll || !me || assignedTo === undefined) return;
    if (assignedTo?._id === me) {
      wasMine.current = true;
      return;
    }
    if (!wasMine.current) return;
    wasMine.current = false;
    if (!handedHere.current) notifications.show({ color: 'blue', message: i18n.t('messenger:handOver.lost', { name: assignedTo?.name ?? '' }) });
    handedHere.current = false;
    void navigate('/whatsapp', { replace: true });
  }, [assignedTo, me, seesAll, navigate, handedHere]);
}

function HandOverDialog({ contactId, assignedTo, onClose, onHandedOver }: { contactId: string; assignedTo: Assignee; onClose: () => void; onHandedOver: () => void }) {
  const { t } = useTranslation('messenger');
  const colleagues = useQuery((signal) => notesApi.colleagues(signal), [], { errorText: (failure) => errorMessage(failure, 'common:salesUsersFailed', { list: true }) });
  const reps = colleagues.data?.filter((u) => u.role === 'sales' && u.isActive && u._id !== assignedTo?._id) ?? null;
  const [toUserId, setToUserId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!toUserId) return;
    setSaving(true);
    setError(null);
    try {
      const done = await notesApi.handOver(contactId, { toUserId, note: note.trim() || undefined });
      notifications.show({ color: 'green', message: i18n.t('messenger:handOver.done', { name: done.assignedTo.name }) });
      onHandedOver();
      onClose();
      // the header names the new assignee at once; a rep who gave their chat away leaves it (useLeaveWhenHandedAway)
      const store = useChatStore.getState();
      const summary = store.summaries[contactId];
      if (summary) store.applyChats([{ ...summary, assignedTo: done.assignedTo }]);
    } catch (failure) {
      setError(errorMessage(failure, 'messenger:handOver.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('handOver.title')} centered>
      <Stack>
        {colleagues.error && <LoadError compact error={colleagues.error} onRetry={colleagues.reload} />}
        {reps && reps.length === 0 && <Alert color="gray">{t('handOver.noReps')}</Alert>}
        <Select
          label={t('handOver.to')}
          placeholder={t('handOver.toPlaceholder')}
          data={(reps ?? []).map((u) => ({ value: u._id, label: u.name }))}
          value={toUserId}
          onChange={setToUserId}
          searchable
          disabled={!reps}
        />
        <Textarea label={t('handOver.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={1000} rows={3} dir="auto" />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('handOver.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!toUserId} loading={saving}>
            {t('handOver.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
