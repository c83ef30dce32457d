import { ActionIcon, FileButton, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MessageType } from '@crm/common';
import { CalendarClock, Mic, Paperclip, SendHorizontal } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { errorMessage } from '../../../lib/error-message';
import { useAuthStore } from '../../auth/store';
import { messagesApi } from '../api';
import { SendFailure, useChatStore } from '../store';
import { browserRecorderDeps, useVoiceRecorder, type RecorderDeps } from '../use-voice-recorder';
import { SlashQuickReplies } from '../quick-replies/SlashQuickReplies';
import { useQuickReplyFill } from '../quick-replies/use-quick-reply-fill';
import { useSlashQuickReplies } from '../quick-replies/use-slash-quick-replies';
import { ATTACH_ACCEPT } from './attach-accept';
import { AttachmentPreview } from './AttachmentPreview';
import { CannedResponsePicker } from './CannedResponsePicker';
import { TemplatePicker } from './TemplatePicker';
import { useReplyWindow } from './use-window-closed';
import { WindowCountdown } from './WindowCountdown';
import { SendLaterDialog } from '../scheduled/SendLaterDialog';
import { VoiceRecorderBar } from './VoiceRecorderBar';
import classes from './Composer.module.css';

/** The message box grows to about six lines, then scrolls. */
const COMPOSER_MAX_HEIGHT_PX = 140;

/** Nothing to send when empty or whitespace-only, or while a send is in progress. */
export const canSend = (text: string, sending: boolean): boolean => text.trim().length > 0 && !sending;

const showSendError = (error: unknown) =>
  notifications.show({
    color: 'red',
    title: i18n.t('messenger:sendFailedTitle'),
    message: error instanceof SendFailure ? error.message : i18n.t('messenger:sendFailed', { reason: errorMessage(error, 'common:unknownError', { list: true }) }),
  });

export interface ComposerProps {
  contactId: string;
  /** The contact's name: a template's `{{1}}`. */
  contactName?: string | null;
  /** Tests pass a fake microphone. */
  recorderDeps?: RecorderDeps;
}

/**
 * The chat panel's bottom bar: canned responses, attach (preview + caption), the message box
 * (Enter sends, Shift+Enter starts a new line), voice recording and the send button.
 */
export function Composer({ contactId, contactName = null, recorderDeps = browserRecorderDeps }: ComposerProps) {
  const { t } = useTranslation('messenger');
  const userId = useAuthStore((state) => state.user?._id ?? null);
  const userName = useAuthStore((state) => state.user?.name ?? null);
  const send = useChatStore((state) => state.send);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sendLater, setSendLater] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const onMicError = useCallback((message: string) => notifications.show({ color: 'red', title: i18n.t('messenger:voiceNoteTitle'), message }), []);
  const recorder = useVoiceRecorder(recorderDeps, onMicError);
  const quickReplyFill = useQuickReplyFill(contactId);
  const quickReplies = useSlashQuickReplies({ text, setText, input, fill: quickReplyFill.fill, onOpen: quickReplyFill.prepare });
  const replyWindow = useReplyWindow(contactId);
  const windowClosed = replyWindow?.closed ?? false;

  const sendText = async () => {
    if (!canSend(text, sending)) return;
    const body = text.trim();
    setSending(true);
    setText('');
    try {
      await send(contactId, { body }, { id: userId, name: userName });
    } catch (error) {
      showSendError(error);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  /** Uploads, then sends the file (with its caption) as a message. */
  const sendFile = async (file: File, body: string, type?: MessageType): Promise<boolean> => {
    setUploading(true);
    let upload;
    try {
      upload = await messagesApi.upload(file);
    } catch (error) {
      showSendError(error);
      setUploading(false);
      return false;
    }
    setUploading(false);
    send(contactId, { body: body.trim() || undefined, upload, type: type ?? upload.type }, { id: userId, name: userName }).catch(showSendError);
    return true;
  };

  const sendAttachment = async () => {
    if (!attachment) return;
    if (await sendFile(attachment, caption)) {
      setAttachment(null);
      setCaption('');
      input.current?.focus();
    }
  };

  const sendVoice = async () => {
    if (recorder.state.phase !== 'preview') return;
    if (await sendFile(recorder.state.file, '', 'voice')) recorder.cancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quickReplies.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendText();
    }
  };

  // Grows with the text up to six lines (Mantine's autosize needs document.fonts, which tests lack).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${Math.min(el.scrollHeight + 2, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [text, recorder.state.phase, attachment]);

  const insertText = (insert: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + insert + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(start + insert.length, start + insert.length);
    });
  };

  if (windowClosed) {
    return (
      <div className={classes.composer}>
        <TemplatePicker
          contactName={contactName}
          onSend={(template, preview) =>
            send(contactId, { body: preview, template }, { id: userId, name: userName }).then(
              () => undefined,
              (error: unknown) => void showSendError(error),
            )
          }
        />
      </div>
    );
  }

  if (recorder.state.phase !== 'idle') {
    return (
      <div className={classes.composer}>
        <VoiceRecorderBar state={recorder.state} onStop={recorder.stop} onCancel={recorder.cancel} onSend={() => void sendVoice()} sending={uploading} />
      </div>
    );
  }

  const sendLaterDialog = (
    <SendLaterDialog
      opened={sendLater}
      onClose={() => setSendLater(false)}
      contactId={contactId}
      draft={attachment ? caption.trim() : text.trim()}
      draftFile={attachment}
      onScheduled={() => {
        if (attachment) {
          setAttachment(null);
          setCaption('');
        } else setText('');
      }}
    />
  );

  if (attachment) {
    return (
      <div className={classes.composer}>
        <AttachmentPreview
          file={attachment}
          caption={caption}
          onCaptionChange={setCaption}
          onCancel={() => {
            setAttachment(null);
            setCaption('');
          }}
          onSend={() => void sendAttachment()}
          onSendLater={() => setSendLater(true)}
          sending={uploading}
        />
        {sendLaterDialog}
      </div>
    );
  }

  return (
    <div className={classes.composer}>
      {replyWindow && !replyWindow.closed && <WindowCountdown remaining={replyWindow} />}
      <SlashQuickReplies state={quickReplies} />
      <div className={classes.bar}>
        <CannedResponsePicker onPick={(reply) => void quickReplyFill.fill(reply).then(insertText)} onOpen={quickReplyFill.prepare} />
        <FileButton onChange={(file) => file && setAttachment(file)} accept={ATTACH_ACCEPT} inputProps={{ 'aria-label': t('composer.chooseFile'), 'data-testid': 'attach-input' } as object}>
          {(props) => (
            <Tooltip label={t('composer.attach')}>
              <ActionIcon {...props} aria-label={t('composer.attach')}>
                <Paperclip size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          {...quickReplies.inputProps}
          ref={input}
          className={classes.grow}
          classNames={{ input: classes.input }}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.message')}
          rows={1}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          dir="auto"
          size="sm"
        />
        <Tooltip label={t('composer.record')}>
          <ActionIcon onClick={() => void recorder.start()} aria-label={t('composer.record')}>
            <Mic size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('composer.sendLater')}>
          <ActionIcon onClick={() => setSendLater(true)} aria-label={t('composer.sendLater')}>
            <CalendarClock size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('composer.sendTip')}>
          <ActionIcon variant="filled" color="brand" size="lg" radius="xl" onClick={() => void sendText()} disabled={!canSend(text, sending)} aria-label={t('composer.send')} loading={sending}>
            <SendHorizontal size={18} aria-hidden className="mirror-rtl" />
          </ActionIcon>
        </Tooltip>
      </div>
      {sendLaterDialog}
    </div>
  );
}
