import '@mantine/dates/styles.css';
import { Button, Card, Grid, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isCalendarDay, toLatinDigits, type Expense, type ExpenseList } from '@crm/common';
import { CalendarDays, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { useList } from '../../lib/load/use-list';
import { ListPage } from '../../ui/ListPage';
import { ApiError } from '../../lib/api';
import { formatDay, formatMoney, userTimeZone } from '../../lib/format';
import { expensesApi } from './api';
import { Money } from '../../ui/Money';

export const EXPENSES_PAGE_SIZE = 50;

/**
 * Add and delete failures show the server's text (in Arabic, its code's text),
 * else 'Error: {message}' ('Could not reach the server.' when offline).
 */
const actionError = (error: unknown): string =>
  error instanceof ApiError && error.status !== 0 && (error.serverError || error.code)
    ? errorMessage(error, 'common:unknownError')
    : i18n.t('expenses:actionFailed', { message: errorMessage(error, 'common:unknownError', { list: true }) });

/** Amount typed as text: Arabic digits and thousands separators are fine, anything else is not a number. */
export function parseAmount(text: string): number | null {
  const cleaned = toLatinDigits(text).trim().replace(/,/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : Number.NaN;
}

interface FormState {
  title: string;
  amount: string;
  category: string;
  date: string | null;
  notes: string;
}
const emptyForm: FormState = { title: '', amount: '', category: '', date: null, notes: '' };

/** Expenses: an add form above the list (the route is guarded by 'expenses.manage'). */
export function ExpensesPage() {
  const { t } = useTranslation('expenses');
  const list = useList<Record<string, never>, Expense, number, ExpenseList>({
    initialFilters: {},
    pageSize: EXPENSES_PAGE_SIZE,
    fetchPage: ({ page, limit, signal }) => expensesApi.list({ page, limit }, signal),
    errorText: (failure) => errorMessage(failure, 'expenses:fetchFailed'),
    totalsOf: (answer) => answer.totalAmount,
  });
  const { items, total, page, setPage, load } = list;
  const [form, setForm] = useState<FormState>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [saving, setSaving] = useState(false);

  const field = (name: keyof FormState) => (value: string | null) => {
    setForm((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: Partial<Record<keyof FormState, string>> = {};
    if (!form.title.trim()) errors.title = t('form.titleRequired');
    const amount = parseAmount(form.amount);
    if (amount === null) errors.amount = t('form.amountRequired');
    else if (Number.isNaN(amount)) errors.amount = t('form.amountNumeric');
    else if (amount < 0) errors.amount = t('form.amountNegative');
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || amount === null) return;

    setSaving(true);
    try {
      await expensesApi.create({
        title: form.title.trim(),
        amount,
        category: form.category.trim() || null,
        date: form.date,
        notes: form.notes.trim() || null,
        tz: userTimeZone(),
      });
      notifications.show({ color: 'green', message: t('added') });
      setForm(emptyForm);
      if (page === 1) await load();
      else setPage(1);
    } catch (failure) {
      notifications.show({ color: 'red', title: t('addTitle'), message: actionError(failure) });
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = (expense: Expense) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: <Text size="sm">{t('delete.confirm')}</Text>,
      labels: { confirm: t('delete.button'), cancel: t('delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await expensesApi.remove(expense._id);
            notifications.show({ color: 'green', message: t('delete.done') });
            await load();
          } catch (failure) {
            notifications.show({ color: 'red', title: t('delete.title'), message: actionError(failure) });
          }
        })(),
    });

  return (
    <ListPage
      title={t('title')}
      subtitle={t('total', { amount: formatMoney(list.totals ?? 0) })}
      summary={
        <Card mb="lg" padding="md" component="section" aria-label={t('form.label')}>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Grid gap="md" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
                <TextInput size="sm" label={t('form.title')} required value={form.title} onChange={(e) => field('title')(e.currentTarget.value)} error={fieldErrors.title} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
                <TextInput
                  size="sm"
                  label={t('form.amount')}
                  required
                  inputMode="decimal"
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {t('form.currency')}
                    </Text>
                  }
                  rightSectionWidth={44}
                  value={form.amount}
                  onChange={(e) => field('amount')(e.currentTarget.value)}
                  error={fieldErrors.amount}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
                <TextInput size="sm" label={t('form.category')} value={form.category} onChange={(e) => field('category')(e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
                <DateInput
                  size="sm"
                  label={t('form.date')}
                  placeholder={t('form.datePlaceholder')}
                  valueFormat="YYYY-MM-DD"
                  dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
                  clearable
                  value={form.date}
                  onChange={field('date')}
                  leftSection={<CalendarDays size={16} aria-hidden />}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 3 }}>
                <TextInput size="sm" label={t('form.notes')} value={form.notes} onChange={(e) => field('notes')(e.currentTarget.value)} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Button type="submit" leftSection={<Plus size={16} aria-hidden />} loading={saving}>
                  {t('form.submit')}
                </Button>
              </Grid.Col>
            </Grid>
          </form>
        </Card>
      }
      tableLabel={t('title')}
      minWidth={720}
      head={
        <>
          <Table.Th>{t('columns.title')}</Table.Th>
          <Table.Th ta="end">{t('columns.amount')}</Table.Th>
          <Table.Th>{t('columns.category')}</Table.Th>
          <Table.Th>{t('columns.date')}</Table.Th>
          <Table.Th>{t('columns.notes')}</Table.Th>
          <Table.Th>{t('columns.actions')}</Table.Th>
        </>
      }
      columnCount={6}
      status={list.status}
      error={list.error}
      onRetry={() => void load()}
      texts={{ loading: t('loading'), empty: t('empty') }}
      rowCount={items.length}
      paging={{ page, total, pageSize: EXPENSES_PAGE_SIZE, onPage: setPage }}
    >
      {items.map((expense) => (
        <Table.Tr key={expense._id}>
          <Table.Td fw={500}>{expense.title}</Table.Td>
          <Table.Td ta="end">
            <Money amount={expense.amount} />
          </Table.Td>
          <Table.Td>
            {expense.category || (
              <Text span c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(expense.date)}</Table.Td>
          <Table.Td maw={320}>
            {expense.notes || (
              <Text span c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<Trash2 size={14} aria-hidden />}
              aria-label={t('delete.label', { title: expense.title })}
              onClick={() => confirmDelete(expense)}
            >
              {t('delete.button')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListPage>
  );
}
