import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchFilterProps {
  /** The search the list uses now. */
  value: string;
  /** Called with the trimmed text once typing pauses for `delay` ms. */
  onChange: (value: string) => void;
  /** 300 ms for leads and customers, 400 ms for deals. */
  delay: number;
  /** A translated text; 'Search' when absent. */
  label?: string;
  placeholder?: string;
}

/** A search box that tells the list only when typing pauses, so each keystroke is not a request. */
export function SearchFilter({ value, onChange, delay, label, placeholder }: SearchFilterProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, delay);
  // What this box last handed to the list, so an outside reset is told apart from our own echo.
  const committed = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = debounced.trim();
    if (next !== committed.current) {
      committed.current = next;
      onChangeRef.current(next);
    }
  }, [debounced]);

  return (
    <TextInput
      size="sm"
      label={label ?? t('search.label')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      leftSection={<Search size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              committed.current = '';
              onChangeRef.current('');
            }}
          />
        ) : null
      }
      miw={220}
      style={{ flex: '1 1 240px' }}
    />
  );
}
