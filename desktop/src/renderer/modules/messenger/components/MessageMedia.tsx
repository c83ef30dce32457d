import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import type { Message } from '@crm/common';
import { Download, FileText, ImageOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../../lib/bridge';
import { messageErrorText } from '../../../lib/reason-text';
import { messagesApi } from '../api';
import { formatBytes, isSignedUrlExpired } from '../format';
import classes from './MessageBubble.module.css';

/**
 * A message's media from its signed URL: image, video, audio (voice notes too) or a document.
 * Signed URLs expire (15 min): an expired one, or one the browser fails to load, is refreshed once
 * through GET /messages/{id}/media-url. No URL (the file is gone): 'Media not available'.
 */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation('messenger');
  const meta = message.meta;
  const [url, setUrl] = useState<string | null>(meta?.mediaUrl ?? null);
  const [gone, setGone] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const refreshed = useRef(false);
  const local = message._id.startsWith('local:');

  useEffect(() => {
    setUrl(meta?.mediaUrl ?? null);
    setGone(false);
    refreshed.current = false;
  }, [meta?.mediaUrl]);

  const refresh = useCallback(async () => {
    if (local || refreshed.current) {
      setGone(true);
      return;
    }
    refreshed.current = true;
    try {
      const fresh = await messagesApi.mediaUrl(message._id);
      if (fresh.url) setUrl(fresh.url);
      else setGone(true);
    } catch {
      setGone(true);
    }
  }, [local, message._id]);

  useEffect(() => {
    if (url && isSignedUrlExpired(url)) void refresh();
  }, [url, refresh]);

  if (!meta || !url || gone) {
    // the download of an inbound file was given up: say why, so nobody waits for it
    const why = message.errorCode === 'media_unavailable' ? messageErrorText(message) : null;
    return (
      <Stack gap={2}>
        <Group gap={6} className={classes.unavailable}>
          <ImageOff size={16} aria-hidden />
          <Text size="sm" fs="italic">
            {t('media.unavailable')}
          </Text>
        </Group>
        {why && (
          <Text size="xs" c="dimmed">
            {why}
          </Text>
        )}
      </Stack>
    );
  }
  if (url && isSignedUrlExpired(url)) return <div className={classes.mediaPlaceholder} aria-busy="true" />;

  const name = meta.fileName ?? undefined;
  const onError = () => void refresh();

  switch (message.type) {
    case 'image':
      return (
        <>
          <button type="button" className={classes.imageButton} onClick={() => setZoomed(true)} aria-label={name ? t('media.openImageNamed', { name }) : t('media.openImage')}>
            <img src={url} alt={name ?? t('media.image')} className={classes.image} loading="lazy" onError={onError} />
          </button>
          <Modal opened={zoomed} onClose={() => setZoomed(false)} size="auto" title={name ?? t('media.image')}>
            <Image src={url} alt={name ?? t('media.image')} mah="75vh" fit="contain" />
          </Modal>
        </>
      );
    case 'video':
      return <video src={url} controls preload="metadata" className={classes.video} onError={onError} aria-label={name ?? t('media.video')} />;
    case 'audio':
    case 'voice':
      return <audio src={url} controls preload="metadata" className={classes.audio} onError={onError} aria-label={message.type === 'voice' ? t('media.voiceNote') : (name ?? t('media.audio'))} />;
    default:
      return <DocumentCard url={url} name={name ?? t('media.document')} size={meta.size} onExpired={refresh} />;
  }
}

function DocumentCard({ url, name, size, onExpired }: { url: string; name: string; size: number | null; onExpired: () => Promise<void> }) {
  const { t } = useTranslation('messenger');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      const response = await fetch(url);
      if (!response.ok) {
        await onExpired();
        throw new Error(`HTTP ${response.status}`);
      }
      const data = new Uint8Array(await response.arrayBuffer());
      const result = await bridge.saveFile({ defaultName: name.replace(/[/\\]/g, '_'), data });
      if (!result.ok) setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap" className={classes.document}>
      <FileText size={28} aria-hidden />
      <div style={{ minInlineSize: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate="end" dir="auto">
          {name}
        </Text>
        <Text size="xs" c={failed ? 'red' : 'dimmed'}>
          {failed ? t('media.downloadFailed') : formatBytes(size)}
        </Text>
      </div>
      <Button size="compact-sm" variant="light" leftSection={<Download size={14} aria-hidden />} onClick={() => void save()} loading={saving} aria-label={t('media.download', { name })}>
        {t('media.save')}
      </Button>
    </Group>
  );
}
