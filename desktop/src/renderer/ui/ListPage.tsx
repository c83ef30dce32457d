import { Card, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListStateRow } from './ListStateRow';
import { PageHeader } from './PageHeader';
import { Pager } from './Pager';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Every text of the shell comes from the caller, already translated (docs/i18n.md). */
export interface ListPageProps {
  /** The page's h1, e.g. 'Leads (120)'. */
  title: string;
  subtitle?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Filter inputs, laid out in one card above the table. */
  filters?: ReactNode;
  /** Anything between the title and the filters (summary tiles). */
  summary?: ReactNode;
  /** The table's accessible name. */
  tableLabel: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** A denser table for wide lists. */
  dense?: boolean;
  /** The header cells (`<Table.Th>`s). */
  head: ReactNode;
  columnCount: number;
  status: ListStatus;
  /** The server's error text; the list is cleared while it shows. */
  error?: string | null;
  /** Asks for the page again: the error row offers Retry. */
  onRetry?: () => void;
  texts: { loading: string; empty: string };
  /** How many rows the page holds: 0 shows the empty text. */
  rowCount: number;
  /** The rows of the page (`<Table.Tr>`s). */
  children: ReactNode;
  paging?: { page: number; total: number; totalIsLowerBound?: boolean; pageSize: number; onPage: (page: number) => void };
}

/**
 * The shell every list screen stands on: title (with its total), filters, the table with its
 * loading, empty and error states, and paging. A screen brings its filters, columns and rows.
 */
export function ListPage({ title, subtitle, actions, filters, summary, tableLabel, minWidth, dense, head, columnCount, status, error, onRetry, texts, rowCount, children, paging }: ListPageProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {summary}
      {filters && (
        <Card mb="md" padding="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            {filters}
          </Group>
        </Card>
      )}
      <Card padding={0}>
        {/* a table wider than its card shows its scrollbar, not only on hover: nothing looks cut off */}
        <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto' }}>
          <Table aria-label={tableLabel} {...(dense ? { horizontalSpacing: 'xs', fz: 'sm' } : {})}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status === 'loading' ? (
                <ListStateRow colSpan={columnCount}>{texts.loading}</ListStateRow>
              ) : status === 'error' && error ? (
                <ListStateRow colSpan={columnCount} error onRetry={onRetry}>
                  {error}
                </ListStateRow>
              ) : rowCount === 0 ? (
                <ListStateRow colSpan={columnCount}>{texts.empty}</ListStateRow>
              ) : (
                children
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {paging && <Pager {...paging} disabled={status === 'loading'} />}
    </>
  );
}
