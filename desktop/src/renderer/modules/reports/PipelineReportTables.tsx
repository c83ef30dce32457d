import { Card, Table, Text } from '@mantine/core';
import type { ReportData } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../lib/format';
import { PIPELINE_STATUS_KEYS } from '../contacts/labels';

/** Deals lost now, per the reason given when they were lost: how many and for how much. */
export function LostReasonsTable({ data }: { data: ReportData['lostReasons'] }) {
  const { t } = useTranslation('reports');
  return (
    <Card withBorder component="section" aria-label={t('lostReasons.title')}>
      <Text fw={600} mb="xs">
        {t('lostReasons.title')}
      </Text>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lostReasons.empty')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lostReasons.reason')}</Table.Th>
              <Table.Th>{t('lostReasons.deals')}</Table.Th>
              <Table.Th>{t('lostReasons.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.reason}>
                <Table.Td>{row.reason || t('lostReasons.none')}</Table.Td>
                <Table.Td>{formatNumber(row.count)}</Table.Td>
                <Table.Td>{formatMoney(row.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** How long deals stay in each pipeline status, on average (from the recorded moves). */
export function StageDaysTable({ data }: { data: ReportData['stageDays'] }) {
  const { t } = useTranslation('reports');
  return (
    <Card withBorder component="section" aria-label={t('stageDays.title')}>
      <Text fw={600} mb="xs">
        {t('stageDays.title')}
      </Text>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('stageDays.empty')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stageDays.status')}</Table.Th>
              <Table.Th>{t('stageDays.average')}</Table.Th>
              <Table.Th>{t('stageDays.deals')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.status}>
                <Table.Td>{t(PIPELINE_STATUS_KEYS[row.status])}</Table.Td>
                <Table.Td>{t('stageDays.days', { days: formatNumber(row.averageDays, { maximumFractionDigits: 1 }) })}</Table.Td>
                <Table.Td>{formatNumber(row.deals)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
