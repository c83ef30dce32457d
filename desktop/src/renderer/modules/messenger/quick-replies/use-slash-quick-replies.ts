import { matchQuickReplies, type CannedResponse } from '@crm/common';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useCannedResponsesStore } from '../../canned-responses/store';

/** A `/` typed at the start of the text or after a space, and the word typed after it up to the caret. */
export interface SlashTrigger {
  /** Where the `/` is. */
  start: number;
  /** The caret: the end of what the reply replaces. */
  end: number;
  query: string;
}

/** The trigger the caret is in, if any: `/ship` at the start or after whitespace (not `and/or`, not a URL). */
export function slashTrigger(text: string, caret: number): SlashTrigger | null {
  const match = /(^|\s)\/([^\s/]*)$/.exec(text.slice(0, caret));
  return match ? { start: match.index + match[1].length, end: caret, query: match[2] } : null;
}

export interface SlashQuickRepliesOptions {
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  /** Fills the reply's blanks from the open chat. */
  fill: (text: string) => Promise<string>;
  /** Called when the list opens (the blanks' data can start loading). */
  onOpen?: () => void;
}

export type SlashQuickReplies = ReturnType<typeof useSlashQuickReplies>;

/**
 * The message box's `/` quick replies: typing `/` opens the company's canned responses filtered by
 * what follows, arrows move, Enter or Tab inserts the reply (its blanks filled in) in place of
 * `/word`, Escape closes until another `/` is typed. The list comes whole from the server (GET
 * /canned-responses is not paged), so it is filtered here.
 */
export function useSlashQuickReplies({ text, setText, input, fill, onOpen }: SlashQuickRepliesOptions) {
  const { items, status, error, load } = useCannedResponsesStore();
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const listId = `quick-replies-${useId().replace(/:/g, '')}`;
  const latestText = useRef(text);
  latestText.current = text;

  // The caret after each change of the text (typing moves it; jsdom and browsers alike report it here).
  useLayoutEffect(() => {
    setCaret(input.current?.selectionStart ?? null);
  }, [text, input]);

  const trigger = useMemo(() => (caret === null ? null : slashTrigger(text, caret)), [text, caret]);
  const open = focused && trigger !== null && trigger.start !== dismissedAt;
  const query = trigger?.query ?? '';
  const matches = useMemo(() => (open ? matchQuickReplies(items, query) : []), [open, items, query]);

  // A new `/` (or none) forgets an earlier Escape.
  useEffect(() => {
    if (dismissedAt !== null && trigger?.start !== dismissedAt) setDismissedAt(null);
  }, [trigger?.start, dismissedAt]);

  useEffect(() => setActive(0), [query, open]);

  // once per opening, not again as the filter changes
  const opening = useRef({ load, onOpen });
  opening.current = { load, onOpen };
  useEffect(() => {
    if (!open) return;
    void opening.current.load();
    opening.current.onOpen?.();
  }, [open]);

  const close = useCallback(() => {
    if (trigger) setDismissedAt(trigger.start);
  }, [trigger]);

  const pick = useCallback(
    async (response: CannedResponse) => {
      if (!trigger) return;
      const typed = text.slice(trigger.start, trigger.end);
      const filled = await fill(response.text);
      const now = latestText.current;
      // typed on meanwhile: the `/word` moved or is gone, so nothing is replaced behind the agent's back
      if (now.slice(trigger.start, trigger.end) !== typed) return;
      setText(now.slice(0, trigger.start) + filled + now.slice(trigger.end));
      const at = trigger.start + filled.length;
      requestAnimationFrame(() => {
        const el = input.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(at, at);
        setCaret(at);
      });
    },
    [trigger, text, fill, setText, input],
  );

  /** The message box's keys while the list is open; true when the key was the list's. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!open || event.nativeEvent.isComposing) return false;
      const count = matches.length;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close();
        return true;
      }
      if (count === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return true;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || (event.key === 'Tab' && !event.shiftKey)) {
        event.preventDefault();
        void pick(matches[Math.min(active, count - 1)]);
        return true;
      }
      return false;
    },
    [open, matches, active, close, pick],
  );

  const readCaret = useCallback(() => setCaret(input.current?.selectionStart ?? null), [input]);

  /** What the message box takes: the caret and focus watchers and the list's ARIA links. */
  const inputProps = {
    onSelect: readCaret,
    onClick: readCaret,
    onFocus: () => {
      setFocused(true);
      readCaret();
    },
    onBlur: () => setFocused(false),
    // a multi-line textbox, not a combobox: it names the list it drives and the reply the arrows reach
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open && matches.length > 0 ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined,
  };

  return { open, query, matches, active, setActive, status, error, hasAny: items.length > 0, listId, close, pick, onKeyDown, inputProps };
}
