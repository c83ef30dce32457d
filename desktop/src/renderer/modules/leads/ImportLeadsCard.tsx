import { Alert, Button, Card, FileInput, Group, List, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IMPORT_FILE_EXTENSIONS, type ContactImportResult, type ContactImportStatus } from '@crm/common';
import { CircleAlert, FileSpreadsheet, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { contactsApi } from '../contacts/api';
import { importFailureText, importSummaryText, rejectedRowText, skippedRowText } from './import-texts';

const hasImportExtension = (name: string): boolean => IMPORT_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** How often a queued or running import's status is asked for. */
export const IMPORT_POLL_MS = 1000;

const isStatus = (answer: ContactImportResult | ContactImportStatus): answer is ContactImportStatus => 'status' in answer && '_id' in answer;

/**
 * A company's imports run one at a time, so an upload answers the import's status; it is
 * asked for until the import is done or failed, and each answer is shown (its place in the queue,
 * then the rows written).
 */
async function followImport(first: ContactImportStatus, show: (status: ContactImportStatus) => void): Promise<ContactImportStatus> {
  let status = first;
  while (status.status === 'queued' || status.status === 'running') {
    show(status);
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    status = await contactsApi.importStatus(status._id);
  }
  return status;
}

/** The line under the button while an import waits or runs. */
function ImportProgress({ status }: { status: ContactImportStatus }) {
  const { t } = useTranslation('leads');
  const text =
    status.status === 'running'
      ? t('import.running', { processed: formatNumber(status.processed), rows: formatNumber(status.rows) })
      : status.ahead > 0
        ? t('import.waiting', { count: status.ahead, ahead: formatNumber(status.ahead) })
        : t('import.starting');
  return (
    <Text size="sm" role="status" aria-live="polite">
      {text}
    </Text>
  );
}

/**
 * Add New Lead: import leads from .xlsx, .xls or .csv. The server's answer (created / updated /
 * skipped counts and the rows it rejected, each worded from its code) is shown, then the user
 * goes to /leads. Failures are shown too, not only logged (ARCHITECTURE).
 */
export function ImportLeadsCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('leads');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<ContactImportStatus | null>(null);

  const upload = async () => {
    if (!file) return setProblem(t('import.chooseFile'));
    if (!hasImportExtension(file.name)) return setProblem(t('import.wrongType', { extensions: IMPORT_FILE_EXTENSIONS.join(', ') }));
    setProblem(null);
    setImporting(true);
    try {
      const answer = await contactsApi.import(file);
      setFile(null);
      if (!isStatus(answer)) return showImportResult(answer, onDone);
      const ended = await followImport(answer, setProgress);
      if (ended.status === 'failed') {
        setProblem(t('import.stopped', { processed: formatNumber(ended.processed), rows: formatNumber(ended.rows) }));
        return;
      }
      showImportResult(ended.result, onDone);
    } catch (failure) {
      setProblem(importFailureText(failure));
    } finally {
      setImporting(false);
      setProgress(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="import-leads-title">
      <Stack gap="md">
        <Group gap="xs">
          <FileSpreadsheet size={20} aria-hidden />
          <Title order={2} size="h4" id="import-leads-title">
            {t('import.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('import.help')}
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <FileInput
          label={t('import.fileLabel')}
          placeholder={t('import.filePlaceholder')}
          accept={IMPORT_FILE_EXTENSIONS.join(',')}
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setProblem(null);
          }}
          clearable
          leftSection={<Upload size={16} aria-hidden />}
        />
        <Group>
          <Button onClick={() => void upload()} loading={importing} disabled={!file} leftSection={<Upload size={16} aria-hidden />}>
            {t('import.submit')}
          </Button>
        </Group>
        {progress && <ImportProgress status={progress} />}
      </Stack>
    </Card>
  );
}

/** A modal outside the card's React tree: its texts come from the instance, in the language of the moment. */
function showImportResult(result: ContactImportResult, onDone: () => void) {
  const t = i18n.t.bind(i18n);
  // An older server sends only the count.
  const skippedRows = result.skippedRows ?? [];
  const id = modals.open({
    title: t('leads:import.resultTitle'),
    size: 'lg',
    onClose: onDone,
    children: (
      <Stack gap="md">
        <Text>{importSummaryText(result)}</Text>
        <SimpleGrid cols={4} spacing="sm">
          <Count label={t('leads:import.rowsRead')} value={result.total} />
          <Count label={t('leads:import.created')} value={result.created} />
          <Count label={t('leads:import.updated')} value={result.updated} />
          <Count label={t('leads:import.skipped')} value={result.skipped} />
        </SimpleGrid>
        {result.rejected.length > 0 && (
          <RowTable
            title={t('leads:import.rejectedCount', { rejected: formatNumber(result.rejected.length) })}
            label={t('leads:import.rejectedTable')}
            rows={result.rejected.map((entry) => ({ row: entry.row, reason: rejectedRowText(entry) }))}
          />
        )}
        {skippedRows.length > 0 && (
          <RowTable
            title={t('leads:import.skippedCount', { skipped: formatNumber(skippedRows.length) })}
            label={t('leads:import.skippedTable')}
            rows={skippedRows.map((entry) => ({ row: entry.row, reason: skippedRowText(entry) }))}
          />
        )}
        {result.rejected.length === 0 && (
          <List size="sm" c="dimmed">
            <List.Item>{t('leads:import.noneRejected')}</List.Item>
          </List>
        )}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {t('leads:import.goToLeads')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** Rows of the file that were not imported or left as they were: the spreadsheet row number and why. */
function RowTable({ title, label, rows }: { title: string; label: string; rows: { row: number; reason: string }[] }) {
  const t = i18n.t.bind(i18n);
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      <ScrollArea.Autosize mah={240}>
        <Table aria-label={label} striped={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('leads:import.row')}</Table.Th>
              <Table.Th>{t('leads:import.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={`${entry.row}-${entry.reason}`}>
                <Table.Td>{formatNumber(entry.row)}</Table.Td>
                <Table.Td dir="auto">{entry.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {formatNumber(value)}
      </Text>
    </Card>
  );
}
