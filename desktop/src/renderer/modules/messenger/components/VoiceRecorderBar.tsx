import { ActionIcon, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { Send, Square, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../format';
import type { VoiceRecorderState } from '../use-voice-recorder';
import classes from './Composer.module.css';

export interface VoiceRecorderBarProps {
  state: Exclude<VoiceRecorderState, { phase: 'idle' }>;
  onStop: () => void;
  onCancel: () => void;
  onSend: () => void;
  sending: boolean;
}

/** Recording (a timer in mm:ss, Stop, Cancel), then the preview (play, Send, discard). */
export function VoiceRecorderBar({ state, onStop, onCancel, onSend, sending }: VoiceRecorderBarProps) {
  const { t } = useTranslation('messenger');
  if (state.phase === 'starting') {
    return (
      <Group gap="xs" className={classes.recorder} c="dimmed">
        <Loader size="xs" />
        <Text size="sm">{t('recorder.opening')}</Text>
      </Group>
    );
  }
  if (state.phase === 'recording') {
    return (
      <Group gap="sm" className={classes.recorder} wrap="nowrap" role="group" aria-label={t('recorder.recordingLabel')}>
        <Tooltip label={t('recorder.cancelTip')}>
          <ActionIcon color="red" onClick={onCancel} aria-label={t('recorder.cancel')}>
            <Trash2 size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <span className={classes.recDot} aria-hidden />
        <Text size="sm" fw={600} className={classes.timer} role="timer" aria-label={t('recorder.time')}>
          {formatClock(state.seconds)}
        </Text>
        <Text size="sm" c="dimmed" className={classes.grow}>
          {t('recorder.recording')}
        </Text>
        <Button size="sm" color="red" variant="light" leftSection={<Square size={14} aria-hidden />} onClick={onStop}>
          {t('recorder.stop')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" className={classes.recorder} wrap="nowrap" role="group" aria-label={t('recorder.previewLabel')}>
      <Tooltip label={t('recorder.discardTip')}>
        <ActionIcon color="red" onClick={onCancel} aria-label={t('recorder.discard')} disabled={sending}>
          <Trash2 size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <audio src={state.url} controls className={classes.grow} aria-label={t('recorder.previewLabel')} />
      <Text size="xs" c="dimmed" className={classes.timer}>
        {formatClock(state.seconds)}
      </Text>
      <Button size="sm" leftSection={<Send size={16} aria-hidden className="mirror-rtl" />} onClick={onSend} loading={sending}>
        {t('recorder.send')}
      </Button>
    </Group>
  );
}
