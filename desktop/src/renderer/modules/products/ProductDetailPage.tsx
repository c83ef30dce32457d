import { Anchor, Card, Grid, Table, Text } from '@mantine/core';
import type { Product, ProductBuyer } from '@crm/common';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { PipelineStatusBadge } from '../contacts/components/badges';
import { productsApi } from './api';
import { StockBadge } from './StockBadge';

export const BUYERS_PAGE_SIZE = 20;

/** spec/admin.md "Product detail": every field, a link back, and the customers who bought it (from the server, paged). */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('products');
  const [product, setProduct] = useState<Product | null>(null);
  const [productError, setProductError] = useState<string | null>(null);
  const [buyers, setBuyers] = useState<ProductBuyer[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setProduct(null);
    setProductError(null);
    productsApi.get(id).then(setProduct, (failure) => setProductError(errorMessage(failure, 'products:fetchFailed')));
  }, [id]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    productsApi
      .buyers(id, { page, limit: BUYERS_PAGE_SIZE })
      .then(
        (list) => live && (setBuyers(list.items), setTotal(list.total)),
        (failure) => live && (setBuyers([]), setError(errorMessage(failure, 'products:fetchFailed'))),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, page]);

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
          product ? (
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
          ) : null
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
        status={loading ? 'loading' : error ? 'error' : 'ready'}
        error={error}
        texts={{ loading: t('loading'), empty: t('detail.noSales') }}
        rowCount={buyers.length}
        paging={{ page, total, pageSize: BUYERS_PAGE_SIZE, onPage: setPage }}
      >
        {buyers.map((b) => (
          <Table.Tr key={b.contactId}>
            <Table.Td fw={500}>{b.name || <Ltr>{b.phone}</Ltr>}</Table.Td>
            <Table.Td>
              <Ltr>{b.phone}</Ltr>
            </Table.Td>
            <Table.Td ta="end">{formatMoney(b.amount ?? 0)}</Table.Td>
            <Table.Td>
              <PipelineStatusBadge status={b.pipeline_status} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/contacts/${b.contactId}`} aria-label={t('buyers.openLabel', { name: b.name ?? b.phone })}>
                {t('buyers.open')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListPage>
    </>
  );
}

