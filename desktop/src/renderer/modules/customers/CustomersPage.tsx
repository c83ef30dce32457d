import { Anchor, Table, Text } from '@mantine/core';
import { SEARCH_DEBOUNCE_MS } from '@crm/common';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { StageBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchFilter';
import { CUSTOMERS_PAGE_SIZE, useCustomersStore } from './store';

export const CUSTOMERS_TEXTS = {
  loading: 'Loading customers...',
  empty: 'No customers found for the selected period.',
} as const;

/** spec/core.md §2 "Customers": contacts in the customer stage, not archived, newest first. */
export function CustomersPage() {
  const { filters, page, items, total, status, error, setFilters, setPage, load } = useCustomersStore();

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  return (
    <ListPage
      title="Customers"
      subtitle={status === 'ready' ? `${total} ${total === 1 ? 'customer' : 'customers'}` : undefined}
      filters={
        <>
          <SearchFilter
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            delay={SEARCH_DEBOUNCE_MS.customers}
            placeholder="Name, phone or email"
          />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
        </>
      }
      tableLabel="Customers"
      minWidth={680}
      head={
        <>
          <Table.Th>Name</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Stage</Table.Th>
          <Table.Th>Actions</Table.Th>
        </>
      }
      columnCount={5}
      status={status}
      error={error}
      texts={CUSTOMERS_TEXTS}
      rowCount={items.length}
      paging={{ page, total, pageSize: CUSTOMERS_PAGE_SIZE, onPage: setPage }}
    >
      {items.map((customer) => (
        <Table.Tr key={customer._id}>
          <Table.Td fw={500}>{customer.name || <Text span c="dimmed">—</Text>}</Table.Td>
          <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {customer.phone}
          </Table.Td>
          <Table.Td>{customer.email || <Text span c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            <StageBadge stage={customer.stage} />
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/contacts/${customer._id}`}>
              View Profile
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListPage>
  );
}
