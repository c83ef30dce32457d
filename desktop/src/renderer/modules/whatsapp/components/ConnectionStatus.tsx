import { Alert, Badge, Button, Group, Image, Loader, Stack, Text, Title, Tooltip, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { socketBadge, whatsAppBadge, type WhatsAppBadge, type WhatsAppStatus } from '@crm/common';
import { CircleAlert, PlugZap, QrCode, Trash2, Wifi, WifiOff } from 'lucide-react';
import { WHATSAPP_TEXTS, useWhatsAppStore } from '../store';
import classes from '../WhatsAppPage.module.css';

const TONE_COLOR: Record<WhatsAppBadge['tone'], MantineColor> = {
  loading: 'gray',
  neutral: 'gray',
  warning: 'yellow',
  success: 'green',
  error: 'red',
};

/** The spec's connection badge (spec/core.md §4 table), with a spinner while loading. */
export function WhatsAppStateBadge({ state }: { state: string | null | undefined }) {
  const badge = whatsAppBadge(state ?? 'loading');
  return (
    <Badge
      color={TONE_COLOR[badge.tone]}
      variant={badge.tone === 'success' ? 'filled' : 'light'}
      leftSection={badge.tone === 'loading' ? <Loader size={10} color="gray" type="oval" /> : undefined}
      data-testid="whatsapp-status"
      data-state={state ?? 'loading'}
      style={{ maxInlineSize: '14rem' }}
    >
      {badge.label}
    </Badge>
  );
}

export function SocketBadge({ connected }: { connected: boolean }) {
  return (
    <Badge color={connected ? 'green' : 'red'} variant="outline" leftSection={connected ? <Wifi size={12} aria-hidden /> : <WifiOff size={12} aria-hidden />} data-testid="socket-status">
      {socketBadge(connected)}
    </Badge>
  );
}

/** Which action the state asks for: start a session, or nothing (running or being shown a QR). */
function connectLabel(state: string | undefined): string | null {
  switch (state) {
    case undefined:
    case 'scan':
    case 'GOT_QR':
    case 'connected':
    case 'ready':
    case 'initializing':
    case 'loading':
      return null;
    case 'not_configured':
      return 'Connect WhatsApp';
    case 'needs_qr':
      return 'Scan a new QR';
    default:
      return 'Reconnect';
  }
}

export interface ConnectionStatusProps {
  tenantId: string;
  status: WhatsAppStatus | null;
  socketConnected: boolean;
  canManageSession: boolean;
}

/**
 * The top of the messenger's sidebar: the connection badge, the 'Socket: OK'/'Socket: Off' badge,
 * Delete session (admins), and the connect flow: start, the QR while scanning, 'needs QR scan'
 * with its reason when the session died (never 'Connected' over a dead session).
 */
export function ConnectionStatus({ tenantId, status, socketConnected, canManageSession }: ConnectionStatusProps) {
  const connecting = useWhatsAppStore((s) => s.connecting);
  const deleting = useWhatsAppStore((s) => s.deleting);
  const error = useWhatsAppStore((s) => s.error);
  const connect = useWhatsAppStore((s) => s.connect);
  const deleteSession = useWhatsAppStore((s) => s.deleteSession);
  const state = status?.state;
  const badge = whatsAppBadge(state ?? 'loading');
  const action = connectLabel(state);

  // A failure shows 'Could not initialize WhatsApp connection.' in the sidebar (store.error).
  const startSession = () => connect(tenantId);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete WhatsApp session',
      children: <Text size="sm">{WHATSAPP_TEXTS.confirmDelete}</Text>,
      labels: { confirm: 'Delete session', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const result = await deleteSession();
        notifications.show({ color: result.ok ? 'green' : 'red', title: result.ok ? 'WhatsApp' : result.message, message: result.ok ? result.message : (result.detail ?? result.message) });
      },
    });

  return (
    <Stack gap="xs" className={classes.connection}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={1} size="h4">
          WhatsApp
        </Title>
        {canManageSession && (
          <Tooltip label="Log out of WhatsApp and forget this session">
            <Button size="compact-sm" variant="subtle" color="red" leftSection={<Trash2 size={14} aria-hidden />} onClick={confirmDelete} loading={deleting}>
              Delete session
            </Button>
          </Tooltip>
        )}
      </Group>
      <Group gap="xs" role="status" aria-live="polite" aria-label="Connection">
        <WhatsAppStateBadge state={state} />
        <SocketBadge connected={socketConnected} />
        {badge.tone === 'success' && status?.phoneNumber && (
          <Text size="xs" c="dimmed" dir="ltr">
            {status.phoneNumber}
          </Text>
        )}
      </Group>

      {error && (
        <Alert color="red" variant="light" p="xs" icon={<CircleAlert size={16} />} role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      )}

      {badge.showQr && status?.qr && (
        <Stack gap={6} align="center" className={classes.qr}>
          <Image src={status.qr} alt="WhatsApp QR code" w={200} h={200} fit="contain" radius="sm" bg="white" p={6} />
          <Text size="xs" c="dimmed" ta="center">
            On your phone open WhatsApp → Settings → Linked devices → Link a device, and scan this code.
          </Text>
        </Stack>
      )}
      {badge.showQr && !status?.qr && (
        <Group gap="xs" c="dimmed">
          <QrCode size={16} aria-hidden />
          <Text size="sm">Waiting for the QR code...</Text>
        </Group>
      )}

      {state !== 'connected' && state !== 'ready' && status?.reason && !badge.showQr && (
        <Text size="sm" c={badge.tone === 'error' ? 'red' : 'dimmed'}>
          {status.reason}
        </Text>
      )}

      {action && (
        <Button size="sm" leftSection={<PlugZap size={16} aria-hidden />} onClick={() => void startSession()} loading={connecting}>
          {action}
        </Button>
      )}
    </Stack>
  );
}
