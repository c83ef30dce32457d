import { Anchor, Button, Checkbox, NativeSelect, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LEADS_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type UserSummary } from '@crm/common';
import { Download, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../lib/api';
import { formatDate, todayDay, userTimeZone } from '../../lib/format';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { contactsApi, lookupsApi } from '../contacts/api';
import { AssigneeCell, StageBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchFilter';
import { saveDownloadedFile } from '../contacts/export-file';
import { AssignDialog } from './AssignDialog';
import { useLeadsStore } from './store';

export const LEADS_TEXTS = {
  loading: 'Loading...',
  empty: 'No leads found.',
  exportFailed: 'Failed to export data.',
} as const;

/**
 * spec/core.md §2 "Leads": filters, a page of 50 newest first, bulk assignment and export.
 * Admins assign (checkboxes, 'Assign Selected', the Assigned To filter); the server shows sales
 * users only their own leads, so those controls would mean nothing to them.
 */
export function LeadsPage() {
  const canAssign = useCan('contacts.assign');
  const { filters, page, items, total, status, error, selected, setFilters, setPage, load, setSelected, clearSelection } = useLeadsStore();
  const [salesUsers, setSalesUsers] = useState<UserSummary[]>([]);
  const [assignOpen, setAssignOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  useEffect(() => {
    if (!canAssign) return;
    let alive = true;
    lookupsApi.salesUsers().then(
      (users) => alive && setSalesUsers(users),
      () => alive && setSalesUsers([]),
    );
    return () => {
      alive = false;
    };
  }, [canAssign]);

  const exportLeads = async () => {
    setExporting(true);
    try {
      const blob = await contactsApi.exportFile({
        stage: 'lead',
        q: filters.q,
        from: filters.from,
        to: filters.to,
        assignedTo: filters.assignedTo || undefined,
        tz: userTimeZone(),
      });
      const saved = await saveDownloadedFile(blob, `leads_${todayDay()}.xlsx`, { name: 'Excel workbook', extensions: ['xlsx'] });
      if (saved) notifications.show({ color: 'green', message: 'Leads exported.' });
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Export', message: errorText(failure, LEADS_TEXTS.exportFailed) });
    } finally {
      setExporting(false);
    }
  };

  const pageIds = items.map((lead) => lead._id);
  const selectedOnPage = pageIds.filter((id) => selected.includes(id)).length;
  const columns = canAssign ? 7 : 6;

  return (
    <>
      <ListPage
        title={`Leads (${total})`}
        actions={
          <>
            {canAssign && (
              <Button leftSection={<UserCheck size={16} aria-hidden />} disabled={selected.length === 0} onClick={() => setAssignOpen(true)}>
                Assign Selected ({selected.length})
              </Button>
            )}
            <Button variant="default" leftSection={<Download size={16} aria-hidden />} loading={exporting} onClick={() => void exportLeads()}>
              Export
            </Button>
            <Button component={Link} to="/leads/new" variant="light">
              + Add Lead
            </Button>
          </>
        }
        filters={
          <>
            <SearchFilter
              value={filters.q}
              onChange={(q) => setFilters({ q })}
              delay={SEARCH_DEBOUNCE_MS.leads}
              placeholder="Name, phone or email"
            />
            {canAssign && (
              <NativeSelect
                size="sm"
                label="Assigned To"
                value={filters.assignedTo}
                onChange={(event) => setFilters({ assignedTo: event.currentTarget.value })}
                data={[
                  { value: '', label: 'All Users' },
                  { value: 'unassigned', label: 'Unassigned' },
                  ...salesUsers.map((user) => ({ value: user._id, label: user.name })),
                ]}
                w={200}
              />
            )}
            <DateRangeFilter
              from={filters.from}
              to={filters.to}
              onChange={(range) => setFilters(range)}
              fromLabel="From Date"
              toLabel="To Date"
              monthLabel="Month"
            />
          </>
        }
        tableLabel="Leads"
        minWidth={760}
        head={
          <>
            {canAssign && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Select all leads on this page"
                  checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  disabled={pageIds.length === 0}
                  onChange={(event) => setSelected(pageIds, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Assigned To</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
        columnCount={columns}
        status={status}
        error={error}
        texts={LEADS_TEXTS}
        rowCount={items.length}
        paging={{ page, total, pageSize: LEADS_PAGE_SIZE, onPage: setPage }}
      >
        {items.map((lead) => {
          const label = lead.name || lead.phone;
          const checked = selected.includes(lead._id);
          return (
            <Table.Tr key={lead._id} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
              {canAssign && (
                <Table.Td>
                  <Checkbox aria-label={`Select ${label}`} checked={checked} onChange={(event) => setSelected([lead._id], event.currentTarget.checked)} />
                </Table.Td>
              )}
              <Table.Td fw={500}>{lead.name || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {lead.phone}
              </Table.Td>
              <Table.Td>
                <AssigneeCell assignee={lead.assignedTo} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(lead.createdAt)}</Table.Td>
              <Table.Td>
                <StageBadge stage={lead.stage} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/contacts/${lead._id}`} aria-label={`View ${label}`}>
                  View
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListPage>

      {canAssign && (
        <AssignDialog
          opened={assignOpen}
          onClose={() => setAssignOpen(false)}
          leadIds={selected}
          salesUsers={salesUsers}
          onAssigned={() => {
            clearSelection();
            void load();
          }}
        />
      )}
    </>
  );
}
