import { ActionIcon, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { CalendarClock, FileText, Send, X } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../format';
import classes from './Composer.module.css';

export interface AttachmentPreviewProps {
  file: File;
  caption: string;
  onCaptionChange: (caption: string) => void;
  onCancel: () => void;
  onSend: () => void;
  /** Schedules the file (and caption) instead of sending it now. */
  onSendLater?: () => void;
  sending: boolean;
}

/** The chosen file before it goes: a preview (image, video, audio, or its name) and an optional caption. */
export function AttachmentPreview({ file, caption, onCaptionChange, onCancel, onSend, onSendLater, sending }: AttachmentPreviewProps) {
  const { t } = useTranslation('messenger');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const kind = file.type.split('/')[0];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!sending) onSend();
    }
    if (event.key === 'Escape') onCancel();
  };

  return (
    <div className={classes.preview} role="group" aria-label={t('attachment.label')}>
      <div className={classes.previewMedia}>
        {url && kind === 'image' && <img src={url} alt={file.name} className={classes.previewImage} />}
        {url && kind === 'video' && <video src={url} controls className={classes.previewImage} aria-label={file.name} />}
        {url && kind === 'audio' && <audio src={url} controls aria-label={file.name} />}
        {!['image', 'video', 'audio'].includes(kind ?? '') && <FileText size={40} aria-hidden />}
        <div style={{ minInlineSize: 0 }}>
          <Text size="sm" fw={500} truncate="end" dir="auto">
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        </div>
        <Tooltip label={t('attachment.removeTip')}>
          <ActionIcon onClick={onCancel} aria-label={t('attachment.remove')} className={classes.previewClose} disabled={sending}>
            <X size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </div>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          className={classes.grow}
          size="sm"
          placeholder={t('attachment.captionPlaceholder')}
          aria-label={t('attachment.caption')}
          value={caption}
          onChange={(e) => onCaptionChange(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          dir="auto"
          data-autofocus
          autoFocus
        />
        <Button variant="default" size="sm" onClick={onCancel} disabled={sending}>
          {t('attachment.cancel')}
        </Button>
        {onSendLater && (
          <Tooltip label={t('composer.sendLater')}>
            <ActionIcon variant="default" size="lg" onClick={onSendLater} disabled={sending} aria-label={t('composer.sendLater')}>
              <CalendarClock size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Button size="sm" leftSection={<Send size={16} aria-hidden className="mirror-rtl" />} onClick={onSend} loading={sending}>
          {t('attachment.send')}
        </Button>
      </Group>
    </div>
  );
}
