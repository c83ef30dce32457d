import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecorderDeps } from '../use-voice-recorder';
import { Composer } from './Composer';
import { NoteComposer } from './NoteComposer';
import classes from './ComposerWithNotes.module.css';

/**
 * The chat's bottom bar with its 'Note' toggle: off, the composer writes to the contact over
 * WhatsApp; on, it writes a private note for the team. Another chat opens in reply mode.
 */
export function ComposerWithNotes({ contactId, contactName, recorderDeps }: { contactId: string; contactName: string | null; recorderDeps?: RecorderDeps }) {
  const { t } = useTranslation('messenger');
  const [noteMode, setNoteMode] = useState(false);
  useEffect(() => setNoteMode(false), [contactId]);
  return (
    <div className={classes.root} data-note-mode={noteMode || undefined}>
      <div className={classes.toggle}>
        <Switch size="xs" color="yellow" label={t('notes.toggle')} checked={noteMode} onChange={(event) => setNoteMode(event.currentTarget.checked)} />
        {noteMode && (
          <Text size="xs" c="dimmed">
            {t('notes.toggleHelp')}
          </Text>
        )}
      </div>
      {noteMode ? <NoteComposer contactId={contactId} /> : <Composer contactId={contactId} contactName={contactName} recorderDeps={recorderDeps} />}
    </div>
  );
}
