import { ActionIcon, Box, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Notification } from '@crm/common';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatSeenDate } from '../../modules/notifications/format';
import { notificationMessage } from '../../modules/notifications/notification-text';
import { MARK_READ_AFTER_MS, useNotificationsStore } from '../../modules/notifications/store';
import { useNotificationsFeed } from '../../modules/notifications/use-notifications-feed';
import { LoadError } from '../../ui/LoadError';
import classes from './NotificationsBell.module.css';

/**
 * The header bell: the latest notifications, unread until the
 * bell is opened; 2 s after opening, unread ones are marked read. Pushed ones go on top with a sound.
 */
export function NotificationsBell() {
  useNotificationsFeed();
  const { items, unreadCount, status, error, load, markAllRead } = useNotificationsStore();
  const { t } = useTranslation('layout');
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!opened || unreadCount === 0) return;
    const timer = setTimeout(() => void markAllRead(), MARK_READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [opened, unreadCount, markAllRead]);

  const label = unreadCount > 0 ? t('notifications.titleUnread', { count: unreadCount }) : t('notifications.title');

  const open = (item: Notification) => {
    if (!item.link) return;
    setOpened(false);
    void navigate(item.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow trapFocus={false}>
      <Popover.Target>
        <Tooltip label={t('notifications.title')} disabled={opened}>
          <Indicator disabled={unreadCount === 0} label={unreadCount > 99 ? '99+' : unreadCount} size={16} offset={6} color="red">
            <ActionIcon aria-label={label} aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
              <Bell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm" className={classes.header}>
          <Text fw={600}>{t('notifications.title')}</Text>
          {unreadCount > 0 && (
            <Text size="xs" c="dimmed">
              {t('notifications.unread', { count: unreadCount })}
            </Text>
          )}
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          {status === 'loading' && items.length === 0 && (
            <Group gap="xs" p="md" c="dimmed">
              <Loader size="xs" />
              <Text size="sm">{t('common:loading')}</Text>
            </Group>
          )}
          {status === 'error' && items.length === 0 && error && (
            <Box p="md">
              <LoadError compact error={error} onRetry={() => void load()} />
            </Box>
          )}
          {status !== 'loading' && status !== 'error' && items.length === 0 && (
            <Text size="sm" c="dimmed" p="md">
              {t('notifications.empty')}
            </Text>
          )}
          {items.length > 0 && (
            <Stack gap={0} component="ul" className={classes.list} aria-label={t('notifications.list')}>
              {items.map((item) => {
                const body = (
                  <>
                    <Box className={classes.dot} data-unread={!item.isRead || undefined} aria-hidden />
                    <Stack gap={2} style={{ minInlineSize: 0 }}>
                      <Text size="sm" fw={item.isRead ? 400 : 600} dir="auto" className={classes.text}>
                        {notificationMessage(t, item)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatSeenDate(item.createdAt)}
                        {!item.isRead && <span className={classes.srOnly}>{t('notifications.unreadMark')}</span>}
                      </Text>
                    </Stack>
                  </>
                );
                return (
                  <li key={item._id} className={classes.item}>
                    {item.link ? (
                      <UnstyledButton className={classes.row} onClick={() => open(item)}>
                        {body}
                      </UnstyledButton>
                    ) : (
                      <div className={classes.row}>{body}</div>
                    )}
                  </li>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
