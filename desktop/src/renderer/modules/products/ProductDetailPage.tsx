import { Anchor, Card, Grid, Table, Text, Title } from '@mantine/core';
import type { ProductBuyer } from '@crm/common';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { useList } from '../../lib/load/use-list';
import { useQuery } from '../../lib/load/use-query';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { PipelineStatusBadge } from '../contacts/components/badges';
import { productsApi } from './api';
import { StockBadge } from './StockBadge';
import { ContactPhone, contactLabel } from '../../ui/ContactPhone';

export const BUYERS_PAGE_SIZE = 20;

/** Product detail: every field, a link back, and the customers who bought it (from the server, paged). */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('products');
  const productQuery = useQuery((signal) => productsApi.get(id, signal), [id], {
    errorText: (failure) => errorMessage(failure, 'products:fetchFailed'),
  });
  // Another product's fields never show while this one loads.
  const product = productQuery.status === 'ready' ? productQuery.data : null;
  const productError = productQuery.error;
  const buyers = useList<{ id: string }, ProductBuyer>({
    initialFilters: { id },
    pageSize: BUYERS_PAGE_SIZE,
    fetchPage: ({ filters, page, limit, signal }) => productsApi.buyers(filters.id, { page, limit }, signal),
    errorText: (failure) => errorMessage(failure, 'products:fetchFailed'),
  });
  const { setFilters } = buyers;
  useEffect(() => setFilters({ id }), [id, setFilters]);

  const field = (label: string, value: ReactNode) => (
    <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Grid.Col>
  );

  return (
    <>
      <Anchor component={Link} to="/products" size="sm" mb="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <ArrowLeft size={14} aria-hidden /> {t('detail.back')}
      </Anchor>
      {productError ? (
        <Card mb="lg">
          <Text c="red" role="alert">
            {productError}
          </Text>
        </Card>
      ) : null}
      <ListPage
        title={product?.name ?? t('detail.title')}
        summary={
          <>
            {product ? (
              <Card mb="lg" padding="md" component="section" aria-label={t('detail.fields')}>
                <Grid>
                  {field(t('columns.sku'), <Ltr>{product.sku}</Ltr>)}
                  {field(t('columns.category'), product.category || '—')}
                  {field(t('columns.price'), formatMoney(product.price))}
                  {field(t('detail.stock'), <StockBadge stockQty={product.stockQty} minQty={product.minQty} />)}
                  {field(t('detail.stockQty'), formatNumber(product.stockQty))}
                  {field(t('form.minQty'), formatNumber(product.minQty))}
                  {field(t('detail.updated'), formatDateTime(product.updatedAt))}
                  {field(t('form.notes'), product.notes || '—')}
                </Grid>
              </Card>
            ) : null}
            {/* the spec's table title, shown above the table (its accessible name too) */}
            <Title order={2} size="h4" mb="sm">
              {t('detail.buyers')}
            </Title>
          </>
        }
        tableLabel={t('detail.buyers')}
        minWidth={640}
        head={
          <>
            <Table.Th>{t('buyers.customer')}</Table.Th>
            <Table.Th>{t('buyers.phone')}</Table.Th>
            <Table.Th ta="end">{t('buyers.amount')}</Table.Th>
            <Table.Th>{t('buyers.status')}</Table.Th>
            <Table.Th>{t('buyers.open')}</Table.Th>
          </>
        }
        columnCount={5}
        status={buyers.status}
        error={buyers.error}
        onRetry={() => void buyers.load()}
        texts={{ loading: t('loading'), empty: t('detail.noSales') }}
        rowCount={buyers.items.length}
        paging={{ page: buyers.page, total: buyers.total, totalIsLowerBound: buyers.totalIsLowerBound, pageSize: BUYERS_PAGE_SIZE, onPage: buyers.setPage }}
      >
        {buyers.items.map((b) => (
          <Table.Tr key={b.contactId}>
            <Table.Td fw={500}>{b.name || <ContactPhone phone={b.phone} />}</Table.Td>
            <Table.Td>
              <ContactPhone phone={b.phone} />
            </Table.Td>
            <Table.Td ta="end">{formatMoney(b.amount ?? 0)}</Table.Td>
            <Table.Td>
              <PipelineStatusBadge status={b.pipeline_status} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/contacts/${b.contactId}`} aria-label={t('buyers.openLabel', { name: contactLabel(b.name, b.phone) })}>
                {t('buyers.open')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListPage>
    </>
  );
}
