import { Anchor, Table, Text } from '@mantine/core';
import { SEARCH_DEBOUNCE_MS } from '@crm/common';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFiltersInUrl } from '../../lib/load/use-filters-in-url';
import { Link } from 'react-router-dom';
import { StageBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ListPage } from '../../ui/ListPage';
import { Ltr } from '../../ui/Ltr';
import { SearchFilter } from '../../ui/SearchFilter';
import { totalText } from '../../ui/total-text';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter } from '../labels/LabelFilter';
import { CUSTOMERS_PAGE_SIZE, useCustomersStore, customerFiltersUrl } from './store';
import { ContactPhone } from '../../ui/ContactPhone';

/** The Customers list: contacts in the customer stage, not archived, newest first. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { filters, page, items, total, totalIsLowerBound, status, error, setFilters, setPage, load } = useCustomersStore();

  // a reload or a shared link shows the same list
  useFiltersInUrl(filters, setFilters, customerFiltersUrl);

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  return (
    <ListPage
      title={t('title')}
      subtitle={status !== 'ready' ? undefined : totalIsLowerBound ? t('countAtLeast', { total: totalText(t, total, true) }) : t('count', { count: total })}
      filters={
        <>
          <SearchFilter value={filters.q} onChange={(q) => setFilters({ q })} delay={SEARCH_DEBOUNCE_MS.customers} placeholder={t('searchPlaceholder')} />
          <LabelFilter value={filters} onChange={(value) => setFilters(value)} />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
        </>
      }
      tableLabel={t('title')}
      minWidth={680}
      head={
        <>
          <Table.Th>{t('columns.name')}</Table.Th>
          <Table.Th>{t('columns.phone')}</Table.Th>
          <Table.Th>{t('columns.email')}</Table.Th>
          <Table.Th>{t('columns.stage')}</Table.Th>
          <Table.Th>{t('columns.actions')}</Table.Th>
        </>
      }
      columnCount={5}
      status={status}
      error={error}
      onRetry={() => void load()}
      texts={{ loading: t('loading'), empty: t('empty') }}
      rowCount={items.length}
      paging={{ page, total, totalIsLowerBound, pageSize: CUSTOMERS_PAGE_SIZE, onPage: setPage }}
    >
      {items.map((customer) => (
        <Table.Tr key={customer._id}>
          <Table.Td fw={500}>
            {customer.name || (
              <Text span c="dimmed">
                —
              </Text>
            )}
            <LabelChips labelIds={customer.labelIds} size="xs" />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <ContactPhone phone={customer.phone} />
          </Table.Td>
          <Table.Td>
            {customer.email ? (
              <Ltr>{customer.email}</Ltr>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StageBadge stage={customer.stage} />
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/contacts/${customer._id}`}>
              {t('viewProfile')}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListPage>
  );
}
