import { Anchor, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Product } from '@crm/common';
import { Plus, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { useList } from '../../lib/load/use-list';
import { formatDate, formatMoney } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm-delete';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { RowActions } from '../../ui/RowActions';
import { useEditModal } from '../../ui/use-edit-modal';
import { productsApi } from './api';
import { ProductFormModal } from './ProductFormModal';
import { StockBadge } from './StockBadge';

export const PRODUCTS_PAGE_SIZE = 50;

/** Products: the inventory table, search by name or SKU, add/edit modal, delete (archive). */
export function ProductsPage() {
  const { t } = useTranslation('products');
  const [text, setText] = useState('');
  const list = useList<{ q: string }, Product>({
    initialFilters: { q: '' },
    pageSize: PRODUCTS_PAGE_SIZE,
    fetchPage: ({ filters, page, limit, signal }) => productsApi.list({ q: filters.q, page, limit }, signal),
    errorText: (failure) => errorMessage(failure, 'products:fetchFailed'),
  });
  const { items, total, totalIsLowerBound, page, setPage, load } = list;
  const modal = useEditModal<Product>();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPage(1);
    list.setFilters({ q: text.trim() });
  };

  const askDelete = (product: Product) =>
    confirmDelete({
      title: t('delete.title'),
      message: t('delete.confirm', { name: product.name }),
      texts: { confirm: t('delete.button'), cancel: t('delete.cancel'), done: t('delete.done') },
      remove: () => productsApi.remove(product._id),
      failureText: (failure) => errorMessage(failure, 'products:deleteFailed'),
      onDeleted: load,
    });

  return (
    <>
      <ListPage
        title={t('title')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => modal.open(null)}>
            {t('add')}
          </Button>
        }
        filters={
          <form onSubmit={search} role="search">
            <Group gap="sm" align="flex-end">
              <TextInput aria-label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={text} onChange={(e) => setText(e.currentTarget.value)} w={320} />
              <Button type="submit" variant="light" leftSection={<Search size={16} aria-hidden />}>
                {t('search')}
              </Button>
            </Group>
          </form>
        }
        tableLabel={t('title')}
        minWidth={860}
        head={
          <>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.sku')}</Table.Th>
            <Table.Th>{t('columns.category')}</Table.Th>
            <Table.Th>{t('columns.stock')}</Table.Th>
            <Table.Th ta="end">{t('columns.price')}</Table.Th>
            <Table.Th>{t('columns.updated')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </>
        }
        columnCount={7}
        status={list.status}
        error={list.error}
        onRetry={() => void load()}
        texts={{ loading: t('loading'), empty: t('empty') }}
        rowCount={items.length}
        paging={{ page, total, totalIsLowerBound, pageSize: PRODUCTS_PAGE_SIZE, onPage: setPage }}
      >
        {items.map((p) => (
          <Table.Tr key={p._id}>
            <Table.Td fw={500}>
              <Anchor component={Link} to={`/products/${p._id}`}>
                {p.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Ltr>{p.sku}</Ltr>
            </Table.Td>
            <Table.Td>
              {p.category || (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <StockBadge stockQty={p.stockQty} minQty={p.minQty} />
            </Table.Td>
            <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(p.price)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.updatedAt)}</Table.Td>
            <Table.Td>
              <RowActions
                onEdit={() => modal.open(p)}
                onDelete={() => askDelete(p)}
                texts={{ edit: t('edit'), editLabel: t('editLabel', { name: p.name }), delete: t('delete.button'), deleteLabel: t('delete.label', { name: p.name }) }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListPage>
      <ProductFormModal
        opened={modal.opened}
        product={modal.editing}
        onClose={modal.close}
        onSaved={(saved) => {
          modal.close();
          notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
          void load();
        }}
      />
    </>
  );
}
