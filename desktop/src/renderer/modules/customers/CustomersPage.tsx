import { Anchor, Card, Group, Table, Text } from '@mantine/core';
import { SEARCH_DEBOUNCE_MS } from '@crm/common';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../app/ui/PageHeader';
import { StageBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../contacts/components/DateRangeFilter';
import { ListStateRow } from '../contacts/components/ListStateRow';
import { Pager } from '../contacts/components/Pager';
import { SearchFilter } from '../contacts/components/SearchFilter';
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
    <>
      <PageHeader title="Customers" subtitle={status === 'ready' ? `${total} ${total === 1 ? 'customer' : 'customers'}` : undefined} />

      <Card mb="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchFilter
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            delay={SEARCH_DEBOUNCE_MS.customers}
            placeholder="Name, phone or email"
          />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => setFilters(range)} />
        </Group>
      </Card>

      <Card padding={0}>
        <Table.ScrollContainer minWidth={680}>
          <Table aria-label="Customers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Stage</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status === 'loading' ? (
                <ListStateRow colSpan={5}>{CUSTOMERS_TEXTS.loading}</ListStateRow>
              ) : status === 'error' && error ? (
                <ListStateRow colSpan={5} error>
                  {error}
                </ListStateRow>
              ) : items.length === 0 ? (
                <ListStateRow colSpan={5}>{CUSTOMERS_TEXTS.empty}</ListStateRow>
              ) : (
                items.map((customer) => (
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
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Pager page={page} total={total} pageSize={CUSTOMERS_PAGE_SIZE} onPage={setPage} disabled={status === 'loading'} />
    </>
  );
}
