import { Alert, Button, Card, FileInput, Group, List, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IMPORT_FILE_EXTENSIONS, type ContactImportResult } from '@crm/common';
import { CircleAlert, FileSpreadsheet, Upload } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../../lib/api';
import { contactsApi } from '../contacts/api';

export const IMPORT_TEXTS = {
  failed: 'Import failed',
  wrongType: `Choose an Excel or CSV file (${IMPORT_FILE_EXTENSIONS.join(', ')}).`,
} as const;

const hasImportExtension = (name: string): boolean => IMPORT_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * spec/admin.md "Add New Lead": import leads from .xlsx, .xls or .csv. The server's answer (its
 * message, created / updated / skipped counts and the rows it rejected) is shown, then the user
 * goes to /leads. Failures are shown too, not only logged (ARCHITECTURE).
 */
export function ImportLeadsCard({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const upload = async () => {
    if (!file) return setProblem('Choose a file to import.');
    if (!hasImportExtension(file.name)) return setProblem(IMPORT_TEXTS.wrongType);
    setProblem(null);
    setImporting(true);
    try {
      const result = await contactsApi.import(file);
      setFile(null);
      showImportResult(result, onDone);
    } catch (failure) {
      setProblem(errorText(failure, IMPORT_TEXTS.failed));
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="import-leads-title">
      <Stack gap="md">
        <Group gap="xs">
          <FileSpreadsheet size={20} aria-hidden />
          <Title order={2} size="h4" id="import-leads-title">
            Import from Excel / CSV
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          One lead per row with a header row. Columns are matched by name: Name, Phone (or Mobile), Email, Address, Notes; Arabic headers such as الاسم work too. A phone that is already in the company fills that contact&apos;s empty fields instead of adding a second one.
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <FileInput
          label="Excel or CSV file"
          placeholder="Choose .xlsx, .xls or .csv"
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
            Import Leads
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function showImportResult(result: ContactImportResult, onDone: () => void) {
  const id = modals.open({
    title: 'Import finished',
    size: 'lg',
    onClose: onDone,
    children: (
      <Stack gap="md">
        <Text>{result.message}</Text>
        <SimpleGrid cols={4} spacing="sm">
          <Count label="Rows read" value={result.total} />
          <Count label="Created" value={result.created} />
          <Count label="Updated" value={result.updated} />
          <Count label="Skipped" value={result.skipped} />
        </SimpleGrid>
        {result.rejected.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>Rejected rows ({result.rejected.length})</Text>
            <ScrollArea.Autosize mah={240}>
              <Table aria-label="Rejected rows" striped={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>Row</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rejected.map((entry) => (
                    <Table.Tr key={`${entry.row}-${entry.reason}`}>
                      <Table.Td>{entry.row}</Table.Td>
                      <Table.Td>{entry.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
        {result.rejected.length === 0 && (
          <List size="sm" c="dimmed">
            <List.Item>No rows were rejected.</List.Item>
          </List>
        )}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            Go to Leads
          </Button>
        </Group>
      </Stack>
    ),
  });
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}
