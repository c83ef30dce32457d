import { Anchor, Badge, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { DEALS_PAGE_SIZE, PIPELINE_STATUSES, SEARCH_DEBOUNCE_MS, type Contact, type PipelineStatus, type PipelineTotals } from '@crm/common';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListPage } from '../../ui/ListPage';
import { formatDate, capitalize, formatMoney } from '../../lib/format';
import { PipelineStatusBadge, ShippingStatusBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ProductPicker } from '../contacts/components/ProductPicker';
import { SearchFilter } from '../../ui/SearchFilter';
import { PIPELINE_STATUS_COLORS } from '../contacts/format';
import classes from './PipelinePage.module.css';
import { useDealsStore } from './store';

export const DEALS_TEXTS = {
  loading: 'Loading deals...',
  empty: 'No deals found for the selected period.',
} as const;

/**
 * spec/core.md §2 "Sales Pipeline". The summary figures come from the server over the whole
 * filtered set (ARCHITECTURE "Where the spec is a limitation"), so they are labelled "Filtered"
 * rather than the spec's "Page ...", and the product filter runs on the server too.
 */
export function PipelinePage() {
  const { filters, page, items, total, totals, status, error, setFilters, setPage, load } = useDealsStore();

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  return (
    <ListPage
      title="Sales Pipeline"
      summary={
        <>
          <SummaryTiles totals={totals} />
          <StatusTiles totals={totals} active={filters.status} onPick={(value) => setFilters({ status: filters.status === value ? '' : value })} />
        </>
      }
      filters={
        <>
          <SearchFilter value={filters.q} onChange={(q) => setFilters({ q })} delay={SEARCH_DEBOUNCE_MS.deals} placeholder="Name, phone or email" />
          <NativeSelect
            size="sm"
            label="Status"
            value={filters.status}
            onChange={(event) => setFilters({ status: event.currentTarget.value as PipelineStatus | '' })}
            data={[{ value: '', label: 'All Statuses' }, ...PIPELINE_STATUSES.map((value) => ({ value, label: capitalize(value) }))]}
            w={160}
          />
          <ProductPicker label="Product" placeholder="All Products" clearable value={filters.product} onChange={(product) => setFilters({ product })} w={220} />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
        </>
      }
      tableLabel="Deals"
      minWidth={900}
      dense
      head={
        <>
          <Table.Th>Contact Name</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th ta="end">Amount</Table.Th>
          <Table.Th>Pipeline Status</Table.Th>
          <Table.Th>Shipping Status</Table.Th>
          <Table.Th>Products</Table.Th>
          <Table.Th>Created At</Table.Th>
          <Table.Th>Actions</Table.Th>
        </>
      }
      columnCount={8}
      status={status}
      error={error}
      texts={DEALS_TEXTS}
      rowCount={items.length}
      paging={{ page, total, pageSize: DEALS_PAGE_SIZE, onPage: setPage }}
    >
      {items.map((deal) => (
        <DealRow key={deal._id} deal={deal} />
      ))}
    </ListPage>
  );
}

function DealRow({ deal }: { deal: Contact }) {
  return (
    <Table.Tr>
      <Table.Td fw={500} miw={100}>
        {deal.name || <Text span c="dimmed">—</Text>}
      </Table.Td>
      <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {deal.phone}
      </Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(deal.salesData.amount ?? 0)}
      </Table.Td>
      <Table.Td>
        <PipelineStatusBadge status={deal.salesData.pipeline_status} />
      </Table.Td>
      <Table.Td>
        <ShippingStatusBadge status={deal.salesData.shippingDetails.status} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} miw={160} maw={220}>
          {deal.products.length === 0 ? (
            <Text span c="dimmed" size="sm">
              —
            </Text>
          ) : (
            deal.products.map((line, index) => (
              <Badge key={`${line.productId?._id ?? 'deleted'}-${index}`} color="gray" variant="light" tt="none" classNames={{ root: classes.productBadge, label: classes.productBadgeLabel }}>
                {line.productId?.name ?? 'Deleted product'} × {line.qty}
              </Badge>
            ))
          )}
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(deal.createdAt)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/contacts/${deal._id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          View Profile
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

function Tile({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fz={20} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}

function SummaryTiles({ totals }: { totals: PipelineTotals | null }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" mb="md" aria-label="Summary of the filtered deals" component="section">
      <Tile label="Total Deals (Filtered)" value={totals?.count ?? 0} />
      <Tile label="Pipeline Value (Filtered)" value={formatMoney(totals?.amount ?? 0)} />
      <Tile label="Won (Filtered)" value={totals?.won.count ?? 0} detail={formatMoney(totals?.won.amount ?? 0)} />
      <Tile label="Conv. Rate (Filtered)" value={`${totals?.conversionRate ?? 0}%`} detail="won ÷ deals" />
      <Tile label="Avg. Deal (Filtered)" value={formatMoney(totals?.averageDeal ?? 0, { whole: true })} detail="amount ÷ deals" />
    </SimpleGrid>
  );
}

/** One tile per canonical status with its count and amount; a click filters the list by it. */
function StatusTiles({ totals, active, onPick }: { totals: PipelineTotals | null; active: PipelineStatus | ''; onPick: (status: PipelineStatus) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" mb="md" component="section" aria-label="Deals by pipeline status">
      {PIPELINE_STATUSES.map((status) => {
        const figure = totals?.byStatus.find((entry) => entry.status === status);
        const pressed = active === status;
        return (
          <UnstyledButton
            key={status}
            className={classes.statusTile}
            data-active={pressed || undefined}
            aria-pressed={pressed}
            aria-label={`${capitalize(status)}: ${figure?.count ?? 0} deals, ${formatMoney(figure?.amount ?? 0)}`}
            onClick={() => onPick(status)}
            style={{ '--tile-color': `var(--mantine-color-${PIPELINE_STATUS_COLORS[status]}-filled)` } as React.CSSProperties}
          >
            <Stack gap={2}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {status}
              </Text>
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {figure?.count ?? 0}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(figure?.amount ?? 0)}
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
