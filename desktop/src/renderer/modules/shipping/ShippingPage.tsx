import { Button, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { shipmentRate, type ShippingCompany, type ShippingStatsEntry } from '@crm/common';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { formatMoney, formatNumber } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm-delete';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { RowActions } from '../../ui/RowActions';
import { useEditModal } from '../../ui/use-edit-modal';
import { shippingApi } from './api';

/** The per-company counts the spec's stats carry, in its order; keys written out. */
const COUNT_KEYS = [
  ['shipped', 'shipping:cards.counts.shipped'],
  ['delivered', 'shipping:cards.counts.delivered'],
  ['pending', 'shipping:cards.counts.pending'],
  ['processing', 'shipping:cards.counts.processing'],
] as const;
import { ShippingFormModal } from './ShippingFormModal';

/** Shipping: performance cards per company, the company table, add/edit modal, delete. */
export function ShippingPage() {
  const { t } = useTranslation('shipping');
  const query = useQuery(
    async (signal) => {
      const [list, stats] = await Promise.all([shippingApi.list(signal), shippingApi.stats(signal)]);
      return { companies: list.items, stats: stats.items };
    },
    [],
    { errorText: (failure) => errorMessage(failure, 'shipping:fetchFailed') },
  );
  const companies: ShippingCompany[] = query.data?.companies ?? [];
  const stats: ShippingStatsEntry[] = query.data?.stats ?? [];
  const { loading, reload: load } = query;
  const modal = useEditModal<ShippingCompany>();

  const askDelete = (company: ShippingCompany) =>
    confirmDelete({
      title: t('delete.title'),
      message: t('delete.confirm', { name: company.name }),
      texts: { confirm: t('delete.button'), cancel: t('delete.cancel'), done: t('delete.done') },
      remove: () => shippingApi.remove(company._id),
      failureText: (failure) => errorMessage(failure, 'shipping:deleteFailed'),
      onDeleted: load,
    });

  const withShipments = stats.filter((s) => s.totalShipments > 0);
  const cards = (
    <section aria-label={t('cards.label')}>
      {!loading && withShipments.length === 0 ? (
        <Card mb="lg" padding="md">
          <Text c="dimmed">{t('cards.empty')}</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
          {withShipments.map((s) => (
            <Card key={s.company._id} padding="md" component="article" aria-label={s.company.name}>
              <Text fw={600} mb="xs">
                {s.company.name}
              </Text>
              <Group justify="space-between">
                <Text size="sm">{t('cards.shipments')}</Text>
                <Text fw={500} data-stat="shipments">
                  {formatNumber(s.totalShipments)}
                </Text>
              </Group>
              <SimpleGrid cols={4} spacing="xs" my="xs" component="dl" aria-label={t('cards.countsLabel', { name: s.company.name })} style={{ margin: 0 }}>
                {COUNT_KEYS.map(([status, key]) => (
                  <div key={status} data-stat={status}>
                    <Text component="dt" size="xs" c="dimmed" truncate="end" title={t(key)}>
                      {t(key)}
                    </Text>
                    <Text component="dd" fw={600} m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatNumber(s.stats[status])}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
              <Group justify="space-between">
                <Text size="sm">{t('cards.delivered')}</Text>
                <Text fw={500} c="green">
                  {formatNumber(shipmentRate(s.stats.delivered, s.totalShipments), { maximumFractionDigits: 1 })}%
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('cards.returned')}</Text>
                <Text fw={500} c="red">
                  {formatNumber(shipmentRate(s.stats.returned, s.totalShipments), { maximumFractionDigits: 1 })}%
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('cards.cod')}</Text>
                <Text fw={500}>{formatMoney(s.codOutstanding)}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );

  return (
    <>
      <ListPage
        title={t('title')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => modal.open(null)}>
            {t('add')}
          </Button>
        }
        summary={cards}
        tableLabel={t('tableLabel')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.contactPerson')}</Table.Th>
            <Table.Th>{t('columns.phone')}</Table.Th>
            <Table.Th>{t('columns.trackingURL')}</Table.Th>
            <Table.Th>{t('columns.fees')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </>
        }
        columnCount={6}
        status={query.status}
        error={query.error}
        onRetry={load}
        texts={{ loading: t('loading'), empty: t('empty') }}
        rowCount={companies.length}
      >
        {companies.map((c) => (
          <Table.Tr key={c._id}>
            <Table.Td fw={500}>{c.name}</Table.Td>
            <Table.Td>{c.contactPerson || '—'}</Table.Td>
            <Table.Td>{c.phone ? <Ltr>{c.phone}</Ltr> : '—'}</Table.Td>
            <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
              {c.trackingURL ? <Ltr>{c.trackingURL}</Ltr> : '—'}
            </Table.Td>
            <Table.Td>{t('feesCount', { count: c.governorateFees.length })}</Table.Td>
            <Table.Td>
              <RowActions
                onEdit={() => modal.open(c)}
                onDelete={() => askDelete(c)}
                texts={{ edit: t('edit'), editLabel: t('editLabel', { name: c.name }), delete: t('delete.button'), deleteLabel: t('delete.label', { name: c.name }) }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListPage>
      <ShippingFormModal
        opened={modal.opened}
        company={modal.editing}
        onClose={modal.close}
        onSaved={() => {
          modal.close();
          notifications.show({ color: 'green', message: t('saved') });
          load();
        }}
      />
    </>
  );
}
