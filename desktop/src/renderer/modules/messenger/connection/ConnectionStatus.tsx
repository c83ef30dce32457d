import { Alert, Badge, Button, Group, Image, Loader, Stack, Text, Title, Tooltip, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { whatsAppBadge, type WhatsAppBadge, type WhatsAppStatus } from '@crm/common';
import { CircleAlert, PlugZap, QrCode, Trash2, Wifi, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { whatsAppReasonText } from '../../../lib/reason-text';
import { Ltr } from '../../../ui/Ltr';
import { i18n } from '../../../i18n';
import { useWhatsAppStore } from './store';
import classes from '../WhatsAppPage.module.css';

const TONE_COLOR: Record<WhatsAppBadge['tone'], MantineColor> = {
  loading: 'gray',
  neutral: 'gray',
  warning: 'yellow',
  success: 'green',
  error: 'red',
};

/** The badge's words by state (common/rules/whatsapp-status.ts gives the English labels and tones). */
const BADGE_KEYS: Record<string, string> = {
  loading: 'whatsapp:badge.loading',
  initializing: 'whatsapp:badge.loading',
  not_configured: 'whatsapp:badge.notConfigured',
  scan: 'whatsapp:badge.scanQr',
  GOT_QR: 'whatsapp:badge.scanQr',
  connected: 'whatsapp:badge.connected',
  ready: 'whatsapp:badge.connected',
  needs_qr: 'whatsapp:badge.needsQr',
  needs_attention: 'whatsapp:badge.needsAttention',
};

/** The spec's connection badge, with a spinner while loading; an unknown state shows as the server names it. */
export function WhatsAppStateBadge({ state }: { state: string | null | undefined }) {
  const { t } = useTranslation('whatsapp');
  const badge = whatsAppBadge(state ?? 'loading');
  const key = BADGE_KEYS[state ?? 'loading'];
  return (
    <Badge
      color={TONE_COLOR[badge.tone]}
      variant={badge.tone === 'success' ? 'filled' : 'light'}
      leftSection={badge.tone === 'loading' ? <Loader size={10} color="gray" type="oval" /> : undefined}
      data-testid="whatsapp-status"
      data-state={state ?? 'loading'}
      style={{ maxInlineSize: '14rem' }}
    >
      {key ? t(key) : badge.label}
    </Badge>
  );
}

export function SocketBadge({ connected }: { connected: boolean }) {
  const { t } = useTranslation('whatsapp');
  return (
    <Badge color={connected ? 'green' : 'red'} variant="outline" leftSection={connected ? <Wifi size={12} aria-hidden /> : <WifiOff size={12} aria-hidden />} data-testid="socket-status">
      {connected ? t('socket.ok') : t('socket.off')}
    </Badge>
  );
}

/** Which action the state asks for: start a session, or nothing (running or being shown a QR). */
function connectLabel(state: string | undefined): 'whatsapp:connect' | 'whatsapp:scanNew' | 'whatsapp:reconnect' | null {
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
      return 'whatsapp:connect';
    case 'needs_qr':
      return 'whatsapp:scanNew';
    default:
      return 'whatsapp:reconnect';
  }
}

/** Delete session keeps its red in both colour schemes. */
export const DANGER_COLOR = 'red.6';

export interface ConnectionStatusProps {
  tenantId: string;
  status: WhatsAppStatus | null;
  socketConnected: boolean;
  canManageSession: boolean;
}

/**
 * The top of the messenger's sidebar: the connection badge, the 'Socket: OK'/'Socket: Off' badge,
 * Delete session (admins), and the connect flow: start, the QR while scanning, 'needs QR scan'
 * with its reason when the session died (never 'Connected' over a dead session). Linking the number
 * is for those who may manage the session (`whatsapp.session.manage`, admins): the others see the
 * state, no start button and no QR (the server sends them none), and are told to ask their admin.
 */
export function ConnectionStatus({ tenantId, status, socketConnected, canManageSession }: ConnectionStatusProps) {
  const { t } = useTranslation('whatsapp');
  const connecting = useWhatsAppStore((s) => s.connecting);
  const deleting = useWhatsAppStore((s) => s.deleting);
  const error = useWhatsAppStore((s) => s.error);
  const connect = useWhatsAppStore((s) => s.connect);
  const deleteSession = useWhatsAppStore((s) => s.deleteSession);
  const state = status?.state;
  const badge = whatsAppBadge(state ?? 'loading');
  const action = connectLabel(state);
  // worded from its code in the user's language; the server's English only for a code unknown here
  const reason = status ? whatsAppReasonText(status) : null;

  // A failure shows 'Could not initialize WhatsApp connection.' in the sidebar (store.error).
  const startSession = () => connect(tenantId);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: i18n.t('whatsapp:confirmDeleteTitle'),
      children: <Text size="sm">{i18n.t('whatsapp:confirmDelete')}</Text>,
      labels: { confirm: i18n.t('whatsapp:deleteSession'), cancel: i18n.t('whatsapp:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          const result = await deleteSession();
          notifications.show({
            color: result.ok ? 'green' : 'red',
            title: result.ok ? i18n.t('whatsapp:title') : result.message,
            message: result.ok ? result.message : (result.detail ?? result.message),
          });
        })(),
    });

  return (
    <Stack gap="xs" className={classes.connection}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={1} size="h4">
          {t('title')}
        </Title>
        {/* Nothing to delete while WhatsApp is Not Configured */}
        {canManageSession && state !== 'not_configured' && (
          <Tooltip label={t('deleteSessionTip')}>
            <Button
              size="compact-sm"
              variant="subtle"
              // a shade, not the plain colour: Mantine's dark scheme turns a plain subtle red's text near white
              color={DANGER_COLOR}
              data-testid="delete-session"
              leftSection={<Trash2 size={14} aria-hidden />}
              onClick={confirmDelete}
              loading={deleting}
            >
              {t('deleteSession')}
            </Button>
          </Tooltip>
        )}
      </Group>
      <Group gap="xs" role="status" aria-live="polite" aria-label={t('connection')}>
        <WhatsAppStateBadge state={state} />
        <SocketBadge connected={socketConnected} />
        {badge.tone === 'success' && status?.phoneNumber && (
          <Text size="xs" c="dimmed">
            <Ltr>{status.phoneNumber}</Ltr>
          </Text>
        )}
      </Group>

      {error && (
        <Alert color="red" variant="light" p="xs" icon={<CircleAlert size={16} />} role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      )}

      {canManageSession && badge.showQr && status?.qr && (
        <Stack gap={6} align="center" className={classes.qr}>
          <Image src={status.qr} alt={t('qrAlt')} w={200} h={200} fit="contain" radius="sm" bg="white" p={6} />
          <Text size="xs" c="dimmed" ta="center">
            {t('qrHelp')}
          </Text>
        </Stack>
      )}
      {canManageSession && badge.showQr && !status?.qr && (
        <Group gap="xs" c="dimmed">
          <QrCode size={16} aria-hidden />
          <Text size="sm">{t('waitingQr')}</Text>
        </Group>
      )}

      {state !== 'connected' && state !== 'ready' && reason && !badge.showQr && (
        <Text size="sm" c={badge.tone === 'error' ? 'red' : 'dimmed'} data-testid="whatsapp-reason">
          {reason}
        </Text>
      )}

      {!canManageSession && (action || badge.showQr) && (
        <Text size="sm" c="dimmed" data-testid="ask-admin">
          {t('askAdmin')}
        </Text>
      )}

      {canManageSession && action && (
        <Button size="sm" leftSection={<PlugZap size={16} aria-hidden />} onClick={() => void startSession()} loading={connecting}>
          {t(action)}
        </Button>
      )}
    </Stack>
  );
}
