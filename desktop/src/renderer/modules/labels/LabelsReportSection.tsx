import { Card, Loader, Table, Text } from '@mantine/core';
import type { ReportQuery, QueryParams } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { labelsApi } from './api';
import { LabelChip } from './LabelChips';

/** Reports → By label: per label, the contacts carrying it and how many of them are won deals (same filters as the page). */
export function LabelsReportSection({ query }: { query: QueryParams<ReportQuery> }) {
  const { t } = useTranslation('labels');
  const { data, loading, error } = useQuery((signal) => labelsApi.report(query, signal), [query.from, query.to, query.assignedTo, query.tz], {
    errorText: (failure) => errorMessage(failure, 'labels:report.failed'),
  });
  const items = data?.items ?? [];
  return (
    <Card withBorder component="section" aria-label={t('report.title')}>
      <Text fw={600} mb="xs">
        {t('report.title')}
      </Text>
      {loading && !data ? (
        <Loader size="xs" />
      ) : error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.empty')}
        </Text>
      ) : (
        <Table aria-label={t('report.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.label')}</Table.Th>
              <Table.Th>{t('report.leads')}</Table.Th>
              <Table.Th>{t('report.won')}</Table.Th>
              <Table.Th>{t('report.wonAmount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.labelId}>
                <Table.Td>
                  <LabelChip label={{ _id: row.labelId, name: row.name, colour: row.colour }} />
                </Table.Td>
                <Table.Td>{formatNumber(row.leads)}</Table.Td>
                <Table.Td>{formatNumber(row.won)}</Table.Td>
                <Table.Td>{formatMoney(row.wonAmount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
