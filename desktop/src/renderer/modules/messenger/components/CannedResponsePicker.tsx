import { ActionIcon, Anchor, Loader, Popover, ScrollArea, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { matchQuickReplies } from '@crm/common';
import { MessageSquareText, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCannedResponsesStore } from '../../canned-responses/store';
import classes from './Composer.module.css';

/** The picker's list never grows past this (a limited maximum height). */
export const CANNED_PICKER_MAX_HEIGHT = 240;

/** The canned-responses picker: choose one and its text goes into the message box. `onOpen`: the list is about to show. */
export function CannedResponsePicker({ onPick, onOpen, disabled }: { onPick: (text: string) => void; onOpen?: () => void; disabled?: boolean }) {
  const { t } = useTranslation('messenger');
  const { items, status, error, load } = useCannedResponsesStore();
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState('');

  // the same match as the message box's '/' list: titles first, Arabic letter forms folded
  const shown = useMemo(() => matchQuickReplies(items, filter), [items, filter]);

  const toggle = () => {
    if (!opened) {
      void load();
      onOpen?.();
    }
    setFilter('');
    setOpened((o) => !o);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" width={340} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('canned.button')} disabled={opened}>
          <ActionIcon onClick={toggle} aria-label={t('canned.button')} aria-expanded={opened} disabled={disabled}>
            <MessageSquareText size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap="xs">
          {items.length > 5 && (
            <TextInput
              size="xs"
              placeholder={t('canned.filter')}
              aria-label={t('canned.filter')}
              leftSection={<Search size={14} aria-hidden />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              data-autofocus
            />
          )}
          {status === 'loading' && items.length === 0 && <Loader size="xs" />}
          {status === 'error' && (
            <Text size="sm" c="red">
              {error}
            </Text>
          )}
          {status === 'ready' && items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('canned:empty')}{' '}
              <Anchor component={Link} to="/canned-responses" size="sm">
                {t('canned.addOne')}
              </Anchor>
            </Text>
          )}
          <ScrollArea.Autosize mah={CANNED_PICKER_MAX_HEIGHT} type="auto" data-testid="canned-list">
            <Stack gap={2} component="ul" className={classes.cannedList} aria-label={t('canned.listLabel')}>
              {shown.map((response) => (
                <li key={response._id}>
                  <UnstyledButton
                    className={classes.cannedItem}
                    onClick={() => {
                      onPick(response.text);
                      setOpened(false);
                    }}
                  >
                    <Text size="sm" fw={600} truncate="end" dir="auto">
                      {response.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
                      {response.text}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
