import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { campaignRates, RECIPIENT_STATUSES, type Campaign, type CampaignProgressEvent, type RecipientStatus } from '@crm/common';
import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { StatCard } from '../../ui/StatCard';
import { saveDownloadedFile } from '../contacts/export-file';
import { useRealtimeStore } from '../realtime/store';
import { campaignsApi } from './api';
import { CampaignProgress, CampaignStatusBadge, PAUSE_REASON_KEYS, RECIPIENT_STATUS_KEYS, RecipientStatusBadge, useRecipientReason } from './campaign-parts';
import { ContactPhone, contactLabel } from '../../ui/ContactPhone';

const FILTERS = RECIPIENT_STATUSES.filter((s) => s !== 'sending');

/** One campaign: live progress, its rates, pause / resume / cancel, the recipients table and the report export. */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('campaigns');
  const reasonText = useRecipientReason();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [round, setRound] = useState(0);
  const socket = useRealtimeStore((state) => state.socket);

  const loaded = useQuery((signal) => campaignsApi.get(id, signal), [id], { errorText: (e) => errorMessage(e, 'campaigns:loadFailed') });
  // live progress and the answer to an action change the loaded campaign in place
  const { data: campaign, setData: setCampaign } = loaded;
  const recipients = useQuery((signal) => campaignsApi.recipients(id, page, status, signal), [id, page, status, round], { errorText: (e) => errorMessage(e, 'campaigns:loadFailed', { list: true }) });

  useEffect(() => {
    if (!socket) return;
    const onProgress = (event: CampaignProgressEvent) => {
      if (event.campaignId !== id) return;
      setCampaign((c) => ({ ...c, status: event.status, pausedReason: event.pausedReason, counts: event.counts }));
      setRound((r) => r + 1);
    };
    socket.on('campaign:progress', onProgress);
    return () => {
      socket.off('campaign:progress', onProgress);
    };
  }, [socket, id, setCampaign]);

  const act = async (action: (id: string) => Promise<Campaign>) => {
    setBusy(true);
    setError(null);
    try {
      setCampaign(await action(id));
      setRound((r) => r + 1);
    } catch (failure) {
      setError(errorMessage(failure, 'campaigns:detail.actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t('detail.cancel'),
      children: <Text size="sm">{t('detail.cancelConfirm')}</Text>,
      labels: { confirm: t('detail.cancel'), cancel: t('detail.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => void act(campaignsApi.cancel),
    });

  const exportReport = async () => {
    try {
      await saveDownloadedFile(await campaignsApi.export(id), `campaign_${campaign?.name ?? id}.xlsx`, { name: 'Excel', extensions: ['xlsx'] });
    } catch (failure) {
      setError(errorMessage(failure, 'campaigns:detail.exportFailed'));
    }
  };

  if (!campaign) return loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : <Text>{t('common:loading')}</Text>;
  const rates = campaignRates(campaign.counts);
  const c = campaign.counts;

  return (
    <>
      <Button component={Link} to="/campaigns" variant="subtle" size="xs" leftSection={<ArrowLeft size={14} className="mirror-rtl" />} mb="xs">
        {t('detail.back')}
      </Button>
      <PageHeader
        title={campaign.name}
        subtitle={campaign.status === 'scheduled' && campaign.scheduledAt ? t('detail.scheduledFor', { at: formatDateTime(campaign.scheduledAt) }) : undefined}
        actions={
          <>
            <CampaignStatusBadge status={campaign.status} />
            {campaign.status === 'draft' && (
              <Button loading={busy} onClick={() => void act(campaignsApi.start)}>
                {t('detail.start')}
              </Button>
            )}
            {(campaign.status === 'running' || campaign.status === 'scheduled') && (
              <Button variant="default" loading={busy} onClick={() => void act(campaignsApi.pause)}>
                {t('detail.pause')}
              </Button>
            )}
            {campaign.status === 'paused' && (
              <Button loading={busy} onClick={() => void act(campaignsApi.resume)}>
                {t('detail.resume')}
              </Button>
            )}
            {['draft', 'scheduled', 'running', 'paused'].includes(campaign.status) && (
              <Button color="red" variant="light" loading={busy} onClick={confirmCancel}>
                {t('detail.cancel')}
              </Button>
            )}
            <Button variant="default" leftSection={<Download size={16} />} onClick={() => void exportReport()}>
              {t('detail.export')}
            </Button>
          </>
        }
      />
      <Stack>
        {campaign.status === 'paused' && campaign.pausedReason && <Alert color="orange">{t(PAUSE_REASON_KEYS[campaign.pausedReason])}</Alert>}
        {error && <Alert color="red">{error}</Alert>}
        <Card>
          <CampaignProgress counts={c} />
        </Card>
        <SimpleGrid cols={{ base: 2, md: 6 }}>
          <StatCard label={t('detail.rates.sent')} value={formatNumber(rates.reached)} />
          <StatCard label={t('detail.rates.delivered')} value={`${formatNumber(rates.delivered)}%`} />
          <StatCard label={t('detail.rates.read')} value={`${formatNumber(rates.read)}%`} />
          <StatCard label={t('detail.rates.replied')} value={`${formatNumber(rates.replied)}%`} />
          <StatCard label={t('detail.rates.failed')} value={formatNumber(c.failed)} />
          <StatCard label={t('detail.rates.skipped')} value={formatNumber(c.skipped)} />
        </SimpleGrid>
        <Card padding={0}>
          <Group p="sm" justify="space-between">
            <Text fw={600}>{t('detail.recipients')}</Text>
            <SegmentedControl
              size="xs"
              value={status ?? 'all'}
              onChange={(v) => {
                setPage(1);
                setStatus(v === 'all' ? null : (v as RecipientStatus));
              }}
              data={[{ value: 'all', label: t('detail.allStatuses') }, ...FILTERS.map((s) => ({ value: s, label: t(RECIPIENT_STATUS_KEYS[s]) }))]}
            />
          </Group>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.columns.name')}</Table.Th>
                <Table.Th>{t('detail.columns.phone')}</Table.Th>
                <Table.Th>{t('detail.columns.status')}</Table.Th>
                <Table.Th>{t('detail.columns.reason')}</Table.Th>
                <Table.Th>{t('detail.columns.sentAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipients.data?.items.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td>
                    <Link to={`/contacts/${r.contactId}`}>{contactLabel(r.name, r.phone)}</Link>
                  </Table.Td>
                  <Table.Td>
                    <ContactPhone phone={r.phone} />
                  </Table.Td>
                  <Table.Td>
                    <RecipientStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>{reasonText(r.reason)}</Table.Td>
                  <Table.Td>{r.sentAt ? formatDateTime(r.sentAt) : ''}</Table.Td>
                </Table.Tr>
              ))}
              {recipients.status === 'ready' && !recipients.data?.items.length && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('detail.noRecipients')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Card>
        <Pager page={page} total={recipients.data?.total ?? 0} pageSize={50} onPage={setPage} />
      </Stack>
    </>
  );
}
