import { Anchor, Combobox, Group, Loader, Paper, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SlashQuickReplies as SlashState } from './use-slash-quick-replies';
import classes from './SlashQuickReplies.module.css';

/** The list never grows past this (about five replies), then scrolls. */
const LIST_MAX_HEIGHT = 260;

/**
 * The `/` quick replies, laid over the bottom of the conversation just above the composer and as
 * wide as it (placed first inside the composer): each reply's title and the start of its text, the
 * one the arrows reach marked. The keys stay in the message box (useSlashQuickReplies); a click
 * inserts too. Mantine's Combobox gives the list and its options their roles and look; it is not
 * a popover, so the composer needs no wrapper around its message box.
 */
export function SlashQuickReplies({ state }: { state: SlashState }) {
  const { t } = useTranslation('messenger');
  const store = useCombobox({ opened: state.open });

  // The reply the arrows reach stays in sight in a long list.
  useEffect(() => {
    if (state.open) document.getElementById(`${state.listId}-${state.active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [state.open, state.active, state.listId]);

  return (
    <div className={classes.anchor}>
      {state.open && (
        <Combobox store={store} onOptionSubmit={(id) => void pickById(state, id)}>
          <Paper className={classes.panel} shadow="md" withBorder p={4}>
            <Group justify="space-between" gap="xs" px="xs" py={4} wrap="nowrap">
              <Text size="xs" fw={600} c="dimmed">
                {state.query ? t('quickReplies.titleFiltered', { query: state.query }) : t('quickReplies.title')}
              </Text>
              <Text size="xs" c="dimmed" className={classes.keys}>
                {t('quickReplies.keys')}
              </Text>
            </Group>
            <Combobox.Options id={state.listId} aria-label={t('quickReplies.listLabel')}>
              <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
                {state.status === 'loading' && !state.hasAny && (
                  <Combobox.Empty>
                    <Loader size="xs" />
                  </Combobox.Empty>
                )}
                {state.status === 'error' && <Combobox.Empty c="red">{state.error}</Combobox.Empty>}
                {state.status === 'ready' && !state.hasAny && (
                  <Combobox.Empty>
                    {t('canned:empty')}{' '}
                    <Anchor component={Link} to="/canned-responses" size="sm">
                      {t('canned.addOne')}
                    </Anchor>
                  </Combobox.Empty>
                )}
                {state.hasAny && state.matches.length === 0 && <Combobox.Empty>{t('quickReplies.none', { query: state.query })}</Combobox.Empty>}
                {state.matches.map((response, index) => (
                  <Combobox.Option
                    key={response._id}
                    value={response._id}
                    id={`${state.listId}-${index}`}
                    selected={index === state.active}
                    aria-selected={index === state.active}
                    onMouseEnter={() => state.setActive(index)}
                    className={classes.option}
                  >
                    <Text size="sm" fw={600} truncate="end" dir="auto">
                      {response.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
                      {response.text}
                    </Text>
                  </Combobox.Option>
                ))}
              </ScrollArea.Autosize>
            </Combobox.Options>
          </Paper>
        </Combobox>
      )}
    </div>
  );
}

function pickById(state: SlashState, id: string) {
  const response = state.matches.find((item) => item._id === id);
  if (response) return state.pick(response);
}
