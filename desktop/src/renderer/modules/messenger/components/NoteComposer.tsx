import { Button, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { StickyNote } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { errorMessage } from '../../../lib/error-message';
import { useAuthStore } from '../../auth/store';
import { notesApi } from '../api';
import { matchingColleagues, mentionAt, mentionedIds, type Colleague } from '../mentions';
import { useChatStore } from '../store';
import classes from './NoteComposer.module.css';

/** The company's other active users, loaded once per composer (mention autocomplete). */
function useColleagues(): Colleague[] {
  const me = useAuthStore((state) => state.user?._id ?? null);
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  useEffect(() => {
    let live = true;
    notesApi
      .colleagues()
      .then((users) => live && setColleagues(users.filter((u) => u.isActive && u._id !== me).map((u) => ({ _id: u._id, name: u.name }))))
      // without the list a note is still written, only without suggestions
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [me]);
  return colleagues;
}

/**
 * The composer in note mode: a private note for the team (never sent to WhatsApp). Typing `@`
 * suggests colleagues (arrows and Enter or Tab pick one, Escape closes the list); each one picked
 * and still named in the text is notified. Enter adds the note, Shift+Enter starts a new line.
 */
export function NoteComposer({ contactId }: { contactId: string }) {
  const { t } = useTranslation('messenger');
  const listId = useId();
  const colleagues = useColleagues();
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Colleague[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const mention = mentionAt(text, caret);
  const options = mention && mention.start !== dismissedAt ? matchingColleagues(colleagues, mention.query) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);

  useEffect(() => setActive(0), [mention?.start, mention?.query]);

  const pick = (colleague: Colleague) => {
    if (!mention) return;
    const insert = `@${colleague.name} `;
    const next = text.slice(0, mention.start) + insert + text.slice(caret);
    const at = mention.start + insert.length;
    setText(next);
    setCaret(at);
    setPicked((list) => (list.some((c) => c._id === colleague._id) ? list : [...list, colleague]));
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  const save = async () => {
    const body = text.trim();
    if (!body || saving) return;
    setSaving(true);
    try {
      const note = await notesApi.create({ contactId, body, mentions: mentionedIds(body, picked) });
      useChatStore.getState().applyMessage(note, 'new');
      setText('');
      setCaret(0);
      setPicked([]);
    } catch (error) {
      notifications.show({ color: 'red', title: i18n.t('messenger:notes.failed'), message: errorMessage(error, 'messenger:notes.failed', { list: true }) });
    } finally {
      setSaving(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention!.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void save();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className={classes.composer} data-testid="note-composer">
      {open && (
        <div className={classes.mentions} role="listbox" id={listId} aria-label={t('notes.mentionList')}>
          {options.map((colleague, index) => (
            <div
              key={colleague._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={classes.option}
              // keeps the focus (and the caret) in the note box
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(colleague)}
            >
              <bdi>{colleague.name}</bdi>
            </div>
          ))}
        </div>
      )}
      <div className={classes.bar}>
        <Textarea
          ref={input}
          className={classes.grow}
          classNames={{ input: classes.input }}
          placeholder={t('notes.placeholder')}
          aria-label={t('notes.box')}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          rows={2}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const at = event.currentTarget.selectionStart ?? value.length;
            setText(value);
            setCaret(at);
            // a list closed with Escape stays closed only while that same mention is typed
            if (mentionAt(value, at)?.start !== dismissedAt) setDismissedAt(null);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          dir="auto"
          size="sm"
        />
        <Button color="yellow" c="dark" size="sm" leftSection={<StickyNote size={16} aria-hidden />} onClick={() => void save()} disabled={!text.trim()} loading={saving}>
          {t('notes.add')}
        </Button>
      </div>
    </div>
  );
}
