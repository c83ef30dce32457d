import { Button, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import type { MessageSearchHit } from '@crm/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { messagesApi } from '../api';
import { formatChatStamp } from '../format';
import { Highlighted } from './Highlighted';
import classes from './MessageSearchResults.module.css';
import { contactLabel } from '../../../ui/ContactPhone';

type Results = { items: MessageSearchHit[]; nextCursor: string | null; status: 'loading' | 'ready' | 'error'; error: string | null; loadingMore: boolean };

/**
 * Messages of every chat the user may see that hold the words typed in the messenger's search,
 * newest first, the words marked; a click opens the chat at that message.
 */
export function MessageSearchResults({ query, onOpen }: { query: string; onOpen: (hit: MessageSearchHit) => void }) {
  const { t } = useTranslation('whatsapp');
  const [results, setResults] = useState<Results>({ items: [], nextCursor: null, status: 'loading', error: null, loadingMore: false });
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    async (cursor: string | null) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setResults((r) => (cursor ? { ...r, loadingMore: true } : { items: [], nextCursor: null, status: 'loading', error: null, loadingMore: false }));
      try {
        const page = await messagesApi.search(query, cursor, controller.signal);
        if (controller.signal.aborted) return;
        setResults((r) => ({ items: cursor ? r.items.concat(page.items) : page.items, nextCursor: page.nextCursor, status: 'ready', error: null, loadingMore: false }));
      } catch (error) {
        if (controller.signal.aborted) return;
        setResults((r) => ({ ...r, status: cursor ? r.status : 'error', error: errorMessage(error, 'whatsapp:messageSearch.failed'), loadingMore: false }));
      }
    },
    [query],
  );

  useEffect(() => {
    void load(null);
    return () => request.current?.abort();
  }, [load]);

  return (
    <section className={classes.root} aria-label={t('messageSearch.title')}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="md" pt="xs">
        {t('messageSearch.title')}
      </Text>
      {results.status === 'loading' && (
        <Group gap="xs" c="dimmed" px="md" py="xs">
          <Loader size="xs" />
          <Text size="sm">{t('messageSearch.loading')}</Text>
        </Group>
      )}
      {results.error && (
        <Text size="sm" c="red" px="md" py="xs" role="alert">
          {results.error}
        </Text>
      )}
      {results.status === 'ready' && results.items.length === 0 && (
        <Text size="sm" c="dimmed" px="md" py="xs">
          {t('messageSearch.none', { query })}
        </Text>
      )}
      <ul className={classes.list}>
        {results.items.map((hit) => {
          const chat = contactLabel(hit.contactName, hit.contactPhone);
          const text = hit.body || (hit.fileName ? t('messageSearch.file', { name: hit.fileName }) : '');
          return (
            <li key={hit.messageId}>
              <UnstyledButton className={classes.row} onClick={() => onOpen(hit)} aria-label={t('messageSearch.result', { chat, date: formatChatStamp(hit.createdAt), text })}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate dir="auto">
                    {chat}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatChatStamp(hit.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2} dir="auto" className={classes.snippet}>
                  {hit.kind === 'note' ? <>{t('messenger:notes.label')}: </> : hit.direction === 'out' && <>{t('messageSearch.you')} </>}
                  <Highlighted text={hit.body} query={query} />
                  {hit.fileName && (
                    <>
                      {hit.body && ' · '}
                      <Highlighted text={hit.fileName} query={query} />
                    </>
                  )}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
      {results.nextCursor && (
        <Center py="xs">
          <Button variant="subtle" size="compact-xs" loading={results.loadingMore} onClick={() => void load(results.nextCursor)}>
            {t('messageSearch.loadMore')}
          </Button>
        </Center>
      )}
    </section>
  );
}
