import { Alert, Button, Card, Table, Text } from '@mantine/core';
import type { Campaign, CampaignProgressEvent } from '@crm/common';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { useRealtimeStore } from '../realtime/store';
import { campaignsApi } from './api';
import { CampaignProgress, CampaignStatusBadge } from './campaign-parts';
import { CampaignWizard } from './CampaignWizard';

/** Campaigns (admins): the list, newest first, with live progress, and the wizard that creates one. */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const query = useQuery((signal) => campaignsApi.list(page, signal), [page], { errorText: (e) => errorMessage(e, 'campaigns:loadFailed', { list: true }) });
  const [live, setLive] = useState<Record<string, CampaignProgressEvent>>({});
  const socket = useRealtimeStore((state) => state.socket);

  useEffect(() => {
    if (!socket) return;
    const onProgress = (event: CampaignProgressEvent) => setLive((l) => ({ ...l, [event.campaignId]: event }));
    socket.on('campaign:progress', onProgress);
    return () => {
      socket.off('campaign:progress', onProgress);
    };
  }, [socket]);

  const withLive = (c: Campaign): Campaign => (live[c._id] ? { ...c, status: live[c._id].status, pausedReason: live[c._id].pausedReason, counts: live[c._id].counts } : c);
  const items = query.data?.items.map(withLive) ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button leftSection={<Plus size={16} />} onClick={() => setCreating(true)}>
            {t('new')}
          </Button>
        }
      />
      <Card padding={0}>
        {query.error && <Alert color="red">{query.error}</Alert>}
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.progress')}</Table.Th>
              <Table.Th>{t('columns.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c._id}>
                <Table.Td>
                  <Link to={`/campaigns/${c._id}`}>{c.name}</Link>
                </Table.Td>
                <Table.Td>
                  <CampaignStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td miw={180}>{c.counts.total > 0 && <CampaignProgress counts={c.counts} />}</Table.Td>
                <Table.Td>{formatDateTime(c.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
            {query.status === 'ready' && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t('empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
      <Pager page={page} total={query.data?.total ?? 0} pageSize={20} onPage={setPage} />
      <CampaignWizard
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(`/campaigns/${id}`);
        }}
      />
    </>
  );
}
