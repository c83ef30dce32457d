import { Alert, Avatar, Badge, Button, Group, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Message } from '@crm/common';
import { CircleAlert, UserRound } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { initialOf } from '../../ui/initial';
import { ComposerWithNotes } from './components/ComposerWithNotes';
import { HandOverControl } from './components/HandOverControl';
import { ActiveFollowUpStrip, StartFollowUpControl } from './components/follow-up-controls';
import type { MessageActions } from './components/MessageBubble';
import { MessageList } from './components/MessageList';
import { ScheduledList } from './scheduled/ScheduledList';
import { useChatRealtime, useOpenConversation } from './realtime';
import { ContactLabels } from '../labels/ContactLabels';
import { SendFailure, useChatStore } from './store';
import type { RecorderDeps } from './use-voice-recorder';
import classes from './ChatPanel.module.css';
import { OptOutMark } from '../campaigns/OptOutMark';
import { ContactPhone, contactLabel } from '../../ui/ContactPhone';

export interface ChatPanelProps {
  contactId: string;
  /** What the host already knows of the contact (the profile), shown until the summary arrives. */
  contact?: { name: string | null; phone: string };
  /** 'View Full Profile' (/contacts/{id}); the profile itself leaves it out. */
  showProfileLink?: boolean;
  /** Tests pass a fake microphone. */
  recorderDeps?: RecorderDeps;
  /** Open at this message (a search result) instead of the newest ones. */
  focusMessageId?: string | null;
}

/** True while the user can see the window: only then does an open conversation count as read. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One conversation: header with 'View Full Profile' and the
 * follow-up control, the message list, and the composer. Used by the messenger and embedded in
 * the contact profile.
 */
export function ChatPanel({ contactId, contact, showProfileLink = true, recorderDeps, focusMessageId = null }: ChatPanelProps) {
  const { t } = useTranslation('messenger');
  useChatRealtime();
  useOpenConversation(contactId);
  const summary = useChatStore((state) => state.summaries[contactId]);
  const summaryError = useChatStore((state) => state.summaryErrors[contactId]);
  const conversation = useChatStore((state) => state.conversations[contactId]);
  const visible = usePageVisible();

  useEffect(() => {
    const store = useChatStore.getState();
    void store.loadConversation(contactId, focusMessageId);
    void store.loadSummary(contactId);
  }, [contactId, focusMessageId]);

  // Opening the conversation clears its unread count, and so does a message arriving while it is open.
  const unread = summary?.unreadCount ?? 0;
  useEffect(() => {
    if (unread === 0 || !visible) return;
    const timer = setTimeout(() => void useChatStore.getState().markRead(contactId), 250);
    return () => clearTimeout(timer);
  }, [unread, visible, contactId]);

  const actions = useMemo<MessageActions>(
    () => ({
      onDeleteForMe: (message: Message) => {
        useChatStore
          .getState()
          .deleteMessage(message, false)
          .catch((error: unknown) => notifications.show({ color: 'red', title: i18n.t('messenger:deleteFailed'), message: errorMessage(error, 'messenger:deleteFailed', { list: true }) }));
      },
      onDeleteForEveryone: (message: Message) =>
        modals.openConfirmModal({
          title: i18n.t('messenger:panel.deleteForEveryoneTitle'),
          children: <Text size="sm">{i18n.t('messenger:panel.confirmDeleteForEveryone')}</Text>,
          labels: { confirm: i18n.t('messenger:panel.deleteForEveryone'), cancel: i18n.t('messenger:panel.cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => {
            useChatStore
              .getState()
              .deleteMessage(message, true)
              .catch((error: unknown) => notifications.show({ color: 'red', title: i18n.t('messenger:deleteFailed'), message: errorMessage(error, 'messenger:deleteFailed', { list: true }) }));
          },
        }),
      onRetry: (message: Message) => {
        const retry = (confirmDuplicate: boolean) =>
          useChatStore
            .getState()
            .retry(message, { confirmDuplicate })
            .catch((error: unknown) =>
              notifications.show({
                color: 'red',
                title: i18n.t('messenger:sendFailedTitle'),
                message: error instanceof SendFailure ? error.message : i18n.t('messenger:sendFailed', { reason: errorMessage(error, 'common:unknownError', { list: true }) }),
              }),
            );
        if (message.status !== 'unknown') return void retry(false);
        // WhatsApp may already have it: the user decides whether a possible duplicate is acceptable
        modals.openConfirmModal({
          title: i18n.t('messenger:panel.confirmDuplicateTitle'),
          children: <Text size="sm">{i18n.t('messenger:panel.confirmDuplicate')}</Text>,
          labels: { confirm: i18n.t('messenger:panel.sendAgain'), cancel: i18n.t('messenger:panel.cancel') },
          confirmProps: { color: 'orange' },
          onConfirm: () => void retry(true),
        });
      },
    }),
    [],
  );

  const name = summary?.name ?? contact?.name ?? null;
  const phone = summary?.phone ?? contact?.phone ?? '';
  const title = name?.trim() || (phone ? contactLabel(null, phone) : t('panel.conversation'));
  const refreshSummary = () => void useChatStore.getState().loadSummary(contactId);

  return (
    <section className={classes.panel} aria-label={t('panel.label', { name: title })}>
      <header className={classes.header}>
        <Avatar radius="xl" size={40} color="brand" aria-hidden>
          {initialOf(title)}
        </Avatar>
        <div className={classes.headerText}>
          <Title order={2} size="h5" lineClamp={1}>
            <bdi>{title}</bdi>
          </Title>
          <Group gap={6} wrap="nowrap">
            {name && phone && (
              <Text size="xs" c="dimmed">
                <ContactPhone phone={phone} />
              </Text>
            )}
            {summary?.assignedTo && (
              <Badge size="xs" variant="light" color="gray" leftSection={<UserRound size={10} aria-hidden />}>
                {summary.assignedTo.name}
              </Badge>
            )}
          </Group>
        </div>
        <Group gap="xs" wrap="nowrap" className={classes.headerActions}>
          <ContactLabels contactId={contactId} name={title} max={3} onChange={refreshSummary} />
          <HandOverControl contactId={contactId} assignedTo={summary?.assignedTo} />
          <OptOutMark contactId={contactId} />
          <StartFollowUpControl contactId={contactId} hasActiveFollowUp={summary?.hasActiveFollowUp ?? false} onChanged={refreshSummary} />
          {showProfileLink && (
            <Button component={Link} to={`/contacts/${contactId}`} size="xs" variant="subtle">
              {t('panel.viewProfile')}
            </Button>
          )}
        </Group>
      </header>

      {summaryError && !summary && (
        <Alert color="red" variant="light" radius={0} p="xs" icon={<CircleAlert size={16} />}>
          <Text size="sm">{summaryError}</Text>
        </Alert>
      )}
      <ActiveFollowUpStrip contactId={contactId} hasActiveFollowUp={summary?.hasActiveFollowUp ?? false} onChanged={refreshSummary} />

      <MessageList
        conversation={conversation}
        actions={actions}
        onLoadOlder={() => void useChatStore.getState().loadOlder(contactId)}
        onLoadNewer={() => void useChatStore.getState().loadNewer(contactId)}
        onReload={() => void useChatStore.getState().loadConversation(contactId, focusMessageId)}
      />
      <ScheduledList contactId={contactId} />
      <ComposerWithNotes contactId={contactId} contactName={summary?.name ?? null} recorderDeps={recorderDeps} />
    </section>
  );
}
