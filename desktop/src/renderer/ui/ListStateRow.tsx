import { Table, Text } from '@mantine/core';

/** One full-width table row for 'Loading...', an empty list or an error (the list is cleared on error). */
export function ListStateRow({ colSpan, children, error }: { colSpan: number; children: string; error?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text ta="center" py="lg" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : 'status'}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
