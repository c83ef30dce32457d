import { Anchor, Badge, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { DEALS_PAGE_SIZE, PIPELINE_STATUSES, SEARCH_DEBOUNCE_MS, type Contact, type PipelineStatus, type PipelineTotals } from '@crm/common';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFiltersInUrl } from '../../lib/load/use-filters-in-url';
import { Link } from 'react-router-dom';
import { ListPage } from '../../ui/ListPage';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { Money } from '../../ui/Money';
import { PipelineStatusBadge, ShippingStatusBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ProductPicker } from '../contacts/components/ProductPicker';
import { SearchFilter } from '../../ui/SearchFilter';
import { PIPELINE_STATUS_COLORS } from '../contacts/format';
import classes from './PipelinePage.module.css';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';
import { useDealsStore, dealFiltersUrl } from './store';
import { ContactPhone } from '../../ui/ContactPhone';

/** Keys written out so the catalogue checks can find them. */
const STATUS_KEYS: Record<PipelineStatus, string> = {
  new: 'pipeline:status.new',
  contacted: 'pipeline:status.contacted',
  qualified: 'pipeline:status.qualified',
  proposal: 'pipeline:status.proposal',
  negotiation: 'pipeline:status.negotiation',
  won: 'pipeline:status.won',
  lost: 'pipeline:status.lost',
};

/**
 * The Actions column stays in view at the table's inline end, on one line: where the deals are wider
 * than the page (1280 px with the sidebar open) the other columns scroll under it instead of the
 * table cutting 'View Profile' at the card's edge.
 */
const ACTIONS_CELL = {
  position: 'sticky',
  insetInlineEnd: 0,
  zIndex: 1,
  whiteSpace: 'nowrap',
  backgroundColor: 'var(--mantine-color-body)',
} as const satisfies React.CSSProperties;

/**
 * The sales pipeline. The summary figures come from the server over the whole
 * filtered set (ARCHITECTURE "Where the spec is a limitation"), so they are labelled "Filtered"
 * rather than the spec's "Page ...", and the product filter runs on the server too.
 */
export function PipelinePage() {
  const { t } = useTranslation('pipeline');
  const { filters, page, items, total, totalIsLowerBound, totals, status, error, setFilters, setPage, load } = useDealsStore();

  // a reload or a shared link shows the same list
  useFiltersInUrl(filters, setFilters, dealFiltersUrl);

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  return (
    <ListPage
      title={t('title')}
      summary={
        <>
          <SummaryTiles totals={totals} />
          <StatusTiles totals={totals} active={filters.status} onPick={(value) => setFilters({ status: filters.status === value ? '' : value })} />
        </>
      }
      filters={
        <>
          <SearchFilter value={filters.q} onChange={(q) => setFilters({ q })} delay={SEARCH_DEBOUNCE_MS.deals} placeholder={t('searchPlaceholder')} />
          <NativeSelect
            size="sm"
            label={t('filters.status')}
            value={filters.status}
            onChange={(event) => setFilters({ status: event.currentTarget.value as PipelineStatus | '' })}
            data={[{ value: '', label: t('filters.allStatuses') }, ...PIPELINE_STATUSES.map((value) => ({ value, label: t(STATUS_KEYS[value]) }))]}
            w={160}
          />
          <ProductPicker label={t('filters.product')} placeholder={t('filters.allProducts')} clearable value={filters.product} onChange={(product) => setFilters({ product })} w={220} />
          <LabelFilter value={filters} onChange={(value) => setFilters(value)} />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
        </>
      }
      tableLabel={t('tableLabel')}
      minWidth={900}
      dense
      head={
        <>
          <Table.Th>{t('columns.contactName')}</Table.Th>
          <Table.Th>{t('columns.phone')}</Table.Th>
          <Table.Th ta="end">{t('columns.amount')}</Table.Th>
          <Table.Th>{t('columns.pipelineStatus')}</Table.Th>
          <Table.Th>{t('columns.shippingStatus')}</Table.Th>
          <Table.Th>{t('columns.products')}</Table.Th>
          <Table.Th>{t('columns.createdAt')}</Table.Th>
          <Table.Th className={classes.actionsCell} style={ACTIONS_CELL}>
            {t('columns.actions')}
          </Table.Th>
        </>
      }
      columnCount={8}
      status={status}
      error={error}
      onRetry={() => void load()}
      texts={{ loading: t('loading'), empty: t('empty') }}
      rowCount={items.length}
      paging={{ page, total, totalIsLowerBound, pageSize: DEALS_PAGE_SIZE, onPage: setPage }}
    >
      {items.map((deal) => (
        <DealRow key={deal._id} deal={deal} />
      ))}
    </ListPage>
  );
}

function DealRow({ deal }: { deal: Contact }) {
  const { t } = useTranslation('pipeline');
  return (
    <Table.Tr>
      <Table.Td fw={500} miw={100}>
        {/* one line: a long name is cut, and shown whole on hover */}
        {deal.name ? (
          <Text span inherit truncate="end" display="block" maw={150} title={deal.name}>
            {deal.name}
          </Text>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        )}
        <LabelChips labelIds={deal.labelIds} size="xs" />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <ContactPhone phone={deal.phone} />
      </Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Money amount={deal.salesData.amount ?? 0} />
      </Table.Td>
      <Table.Td>
        <PipelineStatusBadge status={deal.salesData.pipeline_status} />
      </Table.Td>
      <Table.Td>
        <ShippingStatusBadge status={deal.salesData.shippingDetails.status} />
      </Table.Td>
      <Table.Td>
        <ProductBadges deal={deal} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(deal.createdAt)}</Table.Td>
      <Table.Td className={classes.actionsCell} style={ACTIONS_CELL}>
        <Anchor component={Link} to={`/contacts/${deal._id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('viewProfile')}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Each row of a deal stays one line: the first product's badge (cut with an ellipsis when long)
 * and '+N' for the others; every product, in full, in the tooltip.
 */
function ProductBadges({ deal }: { deal: Contact }) {
  const { t } = useTranslation('pipeline');
  if (deal.products.length === 0) {
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  }
  const lines = deal.products.map((line) => t('productLine', { name: line.productId?.name ?? t('deletedProduct'), qty: formatNumber(line.qty) }));
  const rest = lines.length - 1;
  return (
    <Tooltip label={lines.join(' · ')} multiline maw={320} withArrow openDelay={150}>
      <Group gap={4} wrap="nowrap" miw={160} maw={240} tabIndex={0} aria-label={lines.join(', ')} data-product-badges="">
        <Badge color="gray" variant="light" tt="none" classNames={{ root: classes.productBadge, label: classes.productBadgeLabel }}>
          {lines[0]}
        </Badge>
        {rest > 0 && (
          <Badge color="gray" variant="outline" tt="none" className={classes.moreBadge}>
            {t('moreProducts', { more: formatNumber(rest) })}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}

/**
 * A figure under its title. Every title takes the height of two lines (a long one wraps once, a
 * short one leaves the room), so the figures of a row of tiles sit at one height.
 */
function Tile({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card padding="md" role="group" aria-label={label} style={{ containerType: 'inline-size' }}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" lineClamp={2} title={label} style={{ minHeight: '2lh' }} data-tile-title="">
        {label}
      </Text>
      <Text fz="clamp(1rem, 11cqi, 1.25rem)" fw={700} mt={4} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-tile-figure="">
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed" truncate="end">
          {detail}
        </Text>
      )}
    </Card>
  );
}

function SummaryTiles({ totals }: { totals: PipelineTotals | null }) {
  const { t } = useTranslation('pipeline');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" mb="md" aria-label={t('summary.label')} component="section">
      <Tile label={t('summary.totalDeals')} value={formatNumber(totals?.count ?? 0)} />
      <Tile label={t('summary.pipelineValue')} value={<Money amount={totals?.amount ?? 0} />} />
      <Tile label={t('summary.won')} value={formatNumber(totals?.won.count ?? 0)} detail={<Money amount={totals?.won.amount ?? 0} />} />
      <Tile label={t('summary.conversionRate')} value={formatNumber((totals?.conversionRate ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 })} detail={t('summary.conversionDetail')} />
      <Tile label={t('summary.averageDeal')} value={<Money amount={totals?.averageDeal ?? 0} whole />} detail={t('summary.averageDetail')} />
    </SimpleGrid>
  );
}

/** One tile per canonical status with its count and amount; a click filters the list by it. */
function StatusTiles({ totals, active, onPick }: { totals: PipelineTotals | null; active: PipelineStatus | ''; onPick: (status: PipelineStatus) => void }) {
  const { t } = useTranslation('pipeline');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, xl: 7 }} spacing="sm" mb="md" component="section" aria-label={t('byStatus.label')}>
      {PIPELINE_STATUSES.map((status) => {
        const figure = totals?.byStatus.find((entry) => entry.status === status);
        const pressed = active === status;
        return (
          <UnstyledButton
            key={status}
            className={classes.statusTile}
            data-active={pressed || undefined}
            aria-pressed={pressed}
            aria-label={t('byStatus.tile', { status: t(STATUS_KEYS[status]), deals: formatNumber(figure?.count ?? 0), amount: formatMoney(figure?.amount ?? 0) })}
            onClick={() => onPick(status)}
            style={{ '--tile-color': `var(--mantine-color-${PIPELINE_STATUS_COLORS[status]}-filled)` } as React.CSSProperties}
          >
            <Stack gap={2}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" truncate="end">
                {t(STATUS_KEYS[status])}
              </Text>
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-tile-figure="">
                {formatNumber(figure?.count ?? 0)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <Money amount={figure?.amount ?? 0} />
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
