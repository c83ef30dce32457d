import { Alert, Button, Center, Group, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGE_SEARCH_MIN_CHARS, type Chat, type MessageSearchHit } from '@crm/common';
import { CircleAlert, Search, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { LabelFilter, labelFilterFromParams, labelFilterToParams, type LabelFilterValue } from '../labels/LabelFilter';
import { ChatPanel } from './ChatPanel';
import { useChatRealtime } from './realtime';
import { useChatStore } from './store';
import { useRealtimeStore } from '../realtime/store';
import { ChatList } from './components/ChatList';
import { MessageSearchResults } from './components/MessageSearchResults';
import { ConnectionStatus } from './connection/ConnectionStatus';
import { WelcomeScreen } from './components/WelcomeScreen';
import { useWhatsAppStore } from './connection/store';
import { useWhatsAppStatus } from './connection/use-whatsapp-status';
import classes from './WhatsAppPage.module.css';

/** Search waits for a pause in typing, then asks the server (name or phone). */
export const CHAT_SEARCH_DEBOUNCE_MS = 300;

/** /whatsapp: the messenger (chat list and chat panel) and the connection status. */
export function WhatsAppPage() {
  const { t } = useTranslation('whatsapp');
  const tenantId = useAuthStore((state) => state.user?.tenantId);
  if (!tenantId) {
    return (
      <>
        <PageHeader title={t('dashboardTitle')} />
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />}>
          {t('noTenant')}
        </Alert>
      </>
    );
  }
  return <Messenger tenantId={tenantId} />;
}

function Messenger({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('whatsapp');
  useWhatsAppStatus(tenantId);
  useChatRealtime();
  const canManageSession = useCan('whatsapp.session.manage');
  const status = useWhatsAppStore((state) => state.status);
  const socketConnected = useRealtimeStore((state) => state.status === 'connected');
  const list = useChatStore((state) => state.list);
  const [params, setParams] = useSearchParams();
  // `?contactId=` (notification clicks: chatRoute); `?contact=` is accepted as a short alias.
  const selectedId = params.get('contactId') ?? params.get('contact');
  // `&message=`: a search result opened the chat at that message
  const focusMessageId = params.get('message');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  // `&labels=…&labelMatch=all`: the chat list's label filter, kept when a chat is opened
  const labelParams = labelFilterToParams(labelFilterFromParams(params));
  const { labels: labelsKey, labelMatch } = labelParams;

  useEffect(() => {
    void useChatStore.getState().loadChats(query, labelFilterFromParams(new URLSearchParams({ labels: labelsKey, labelMatch })));
  }, [query, labelsKey, labelMatch]);

  const keepLabels = useCallback(
    (next: Record<string, string>) => setParams(Object.fromEntries(Object.entries({ ...next, labels: labelsKey, labelMatch }).filter(([, v]) => v))),
    [setParams, labelsKey, labelMatch],
  );
  const filterByLabels = (value: LabelFilterValue) =>
    setParams(Object.fromEntries(Object.entries({ contactId: selectedId ?? '', ...labelFilterToParams(value) }).filter(([, v]) => v)), { replace: true });
  const select = useCallback((chat: Chat) => keepLabels({ contactId: chat._id }), [keepLabels]);
  const openAtMessage = useCallback((hit: MessageSearchHit) => keepLabels({ contactId: hit.contactId, message: hit.messageId }), [keepLabels]);
  const loadMore = useCallback(() => void useChatStore.getState().loadMoreChats(), []);
  const selectedChat = useMemo(() => (selectedId ? list.items.find((chat) => chat._id === selectedId) : undefined), [list.items, selectedId]);

  return (
    <div className={classes.root}>
      <aside className={classes.sidebar} aria-label={t('chats')}>
        <ConnectionStatus tenantId={tenantId} status={status} socketConnected={socketConnected} canManageSession={canManageSession} />
        <div className={classes.search}>
          <TextInput
            size="sm"
            radius="xl"
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchLabel')}
            leftSection={<Search size={16} aria-hidden />}
            rightSection={
              search ? (
                <X
                  size={16}
                  role="button"
                  aria-label={t('common:search.clear')}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setSearch('')}
                  onKeyDown={(e) => e.key === 'Enter' && setSearch('')}
                />
              ) : list.status === 'loading' ? (
                <Loader size={14} />
              ) : null
            }
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            dir="auto"
          />
          <LabelFilter value={labelFilterFromParams(params)} onChange={filterByLabels} />
        </div>
        {list.status === 'error' && (
          <Alert color="red" variant="light" m="sm" p="xs" icon={<CircleAlert size={16} />} role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{list.error}</Text>
              <Button size="compact-xs" variant="light" color="red" onClick={() => void useChatStore.getState().loadChats(query)}>
                {t('tryAgain')}
              </Button>
            </Group>
          </Alert>
        )}
        {list.status === 'loading' && list.items.length === 0 && (
          <Center py="lg" c="dimmed">
            <Loader size="sm" />
          </Center>
        )}
        {list.status === 'ready' && list.items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" p="lg">
            {query ? t('noMatch', { query }) : t('noConversations')}
          </Text>
        )}
        {list.error && list.status === 'ready' && (
          <Text size="xs" c="red" px="md" py={4} role="alert">
            {list.error}
          </Text>
        )}
        <ChatList
          items={list.items}
          total={list.total}
          hasMore={list.nextCursor !== null}
          loadingMore={list.loadingMore}
          selectedId={selectedId}
          onSelect={select}
          onLoadMore={loadMore}
          query={list.query}
        />
        {query.length >= MESSAGE_SEARCH_MIN_CHARS && <MessageSearchResults query={query} onOpen={openAtMessage} />}
      </aside>
      <section className={classes.main} aria-label={t('conversation')}>
        {selectedId ? (
          <ChatPanel
            key={`${selectedId}:${focusMessageId ?? ''}`}
            contactId={selectedId}
            focusMessageId={focusMessageId}
            contact={selectedChat ? { name: selectedChat.name, phone: selectedChat.phone } : undefined}
          />
        ) : (
          <WelcomeScreen />
        )}
      </section>
    </div>
  );
}
