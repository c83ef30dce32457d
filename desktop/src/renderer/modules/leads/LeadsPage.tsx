import { Anchor, Button, Checkbox, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LEADS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@crm/common';
import { Download, Tag, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFiltersInUrl } from '../../lib/load/use-filters-in-url';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatNumber, todayDay, userTimeZone } from '../../lib/format';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { contactsApi } from '../contacts/api';
import { useSalesUsers } from '../contacts/use-sales-users';
import { AssigneeCell, StageBadge } from '../contacts/components/badges';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { LoadError } from '../../ui/LoadError';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchFilter';
import { totalText } from '../../ui/total-text';
import { saveDownloadedFile } from '../contacts/export-file';
import { BulkLabelsDialog } from '../labels/BulkLabelsDialog';
import { LabelChips } from '../labels/LabelChips';
import { LabelFilter, labelQuery } from '../labels/LabelFilter';
import { AssignDialog } from './AssignDialog';
import { useLeadsStore, leadFiltersUrl } from './store';
import { ContactPhone, contactLabel } from '../../ui/ContactPhone';

/**
 * The Leads list: filters, a page of 50 newest first, bulk assignment and export.
 * Everyone selects rows to put labels on or take them off; admins also assign ('Assign Selected',
 * the Assigned To filter): the server shows sales users only their own leads, so those controls
 * would mean nothing to them.
 */
export function LeadsPage() {
  const { t } = useTranslation('leads');
  const canAssign = useCan('contacts.assign');
  const { filters, page, items, total, totalIsLowerBound, status, error, selected, setFilters, setPage, load, setSelected, clearSelection } = useLeadsStore();
  const salesUsersQuery = useSalesUsers(canAssign);
  const salesUsers = salesUsersQuery.data ?? [];
  const [assignOpen, setAssignOpen] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  // a reload or a shared link shows the same list
  useFiltersInUrl(filters, setFilters, leadFiltersUrl);

  useEffect(() => {
    void load();
  }, [filters, page, load]);

  const exportLeads = async () => {
    setExporting(true);
    try {
      const blob = await contactsApi.exportFile({
        stage: 'lead',
        q: filters.q,
        from: filters.from,
        to: filters.to,
        assignedTo: filters.assignedTo || undefined,
        ...labelQuery(filters),
        tz: userTimeZone(),
      });
      const saved = await saveDownloadedFile(blob, `leads_${todayDay()}.xlsx`, { name: t('excelWorkbook'), extensions: ['xlsx'] });
      if (saved) notifications.show({ color: 'green', message: t('exported') });
    } catch (failure) {
      notifications.show({ color: 'red', title: t('export'), message: errorMessage(failure, 'leads:exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const pageIds = items.map((lead) => lead._id);
  const selectedOnPage = pageIds.filter((id) => selected.includes(id)).length;
  const columns = 7;

  return (
    <>
      <ListPage
        title={t('title', { total: totalText(t, total, totalIsLowerBound) })}
        actions={
          <>
            {canAssign && (
              <Button leftSection={<UserCheck size={16} aria-hidden />} disabled={selected.length === 0} onClick={() => setAssignOpen(true)}>
                {t('assignSelected', { selected: formatNumber(selected.length) })}
              </Button>
            )}
            <Button variant="light" leftSection={<Tag size={16} aria-hidden />} disabled={selected.length === 0} onClick={() => setLabelsOpen(true)}>
              {t('labels:bulk.button', { selected: formatNumber(selected.length) })}
            </Button>
            <Button variant="default" leftSection={<Download size={16} aria-hidden />} loading={exporting} onClick={() => void exportLeads()}>
              {t('export')}
            </Button>
            <Button component={Link} to="/leads/new" variant="light">
              {t('addLead')}
            </Button>
          </>
        }
        filters={
          <>
            <SearchFilter value={filters.q} onChange={(q) => setFilters({ q })} delay={SEARCH_DEBOUNCE_MS.leads} placeholder={t('searchPlaceholder')} />
            {canAssign && (
              <Stack gap={4}>
                <NativeSelect
                  size="sm"
                  label={t('filters.assignedTo')}
                  value={filters.assignedTo}
                  onChange={(event) => setFilters({ assignedTo: event.currentTarget.value })}
                  data={[{ value: '', label: t('filters.allUsers') }, { value: 'unassigned', label: t('filters.unassigned') }, ...salesUsers.map((user) => ({ value: user._id, label: user.name }))]}
                  w={200}
                />
                {salesUsersQuery.error && <LoadError compact error={salesUsersQuery.error} onRetry={salesUsersQuery.reload} />}
              </Stack>
            )}
            <LabelFilter value={filters} onChange={(value) => setFilters(value)} />
            <DateRangeFilter
              from={filters.from}
              to={filters.to}
              onChange={(range) => setFilters(range)}
              fromLabel={t('filters.fromDate')}
              toLabel={t('filters.toDate')}
              monthLabel={t('filters.month')}
            />
          </>
        }
        tableLabel={t('tableLabel')}
        minWidth={760}
        head={
          <>
            <Table.Th w={44}>
              <Checkbox
                aria-label={t('selectAll')}
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(event) => setSelected(pageIds, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.phone')}</Table.Th>
            <Table.Th>{t('columns.assignedTo')}</Table.Th>
            <Table.Th>{t('columns.createdAt')}</Table.Th>
            <Table.Th>{t('columns.stage')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </>
        }
        columnCount={columns}
        status={status}
        error={error}
        onRetry={() => void load()}
        texts={{ loading: t('loading'), empty: t('empty') }}
        rowCount={items.length}
        paging={{ page, total, totalIsLowerBound, pageSize: LEADS_PAGE_SIZE, onPage: setPage }}
      >
        {items.map((lead) => {
          const label = contactLabel(lead.name, lead.phone);
          const checked = selected.includes(lead._id);
          return (
            <Table.Tr key={lead._id} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Checkbox aria-label={t('selectOne', { label })} checked={checked} onChange={(event) => setSelected([lead._id], event.currentTarget.checked)} />
              </Table.Td>
              <Table.Td fw={500}>
                {lead.name || (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
                <LabelChips labelIds={lead.labelIds} size="xs" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ContactPhone phone={lead.phone} />
              </Table.Td>
              <Table.Td>
                <AssigneeCell assignee={lead.assignedTo} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(lead.createdAt)}</Table.Td>
              <Table.Td>
                <StageBadge stage={lead.stage} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/contacts/${lead._id}`} aria-label={t('viewLabel', { label })}>
                  {t('view')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListPage>

      <BulkLabelsDialog
        opened={labelsOpen}
        onClose={() => setLabelsOpen(false)}
        contactIds={selected}
        onDone={() => {
          clearSelection();
          void load();
        }}
      />
      {canAssign && (
        <AssignDialog
          opened={assignOpen}
          onClose={() => setAssignOpen(false)}
          leadIds={selected}
          salesUsers={salesUsersQuery}
          onAssigned={() => {
            clearSelection();
            void load();
          }}
        />
      )}
    </>
  );
}
