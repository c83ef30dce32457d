import { Group, NativeSelect, Stack } from '@mantine/core';
import { SEARCH_DEBOUNCE_MS } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { LoadError } from '../../ui/LoadError';
import { SearchFilter } from '../../ui/SearchFilter';
import { useCan } from '../auth/use-can';
import { useSalesUsers } from '../contacts/use-sales-users';
import { ProductPicker } from '../contacts/components/ProductPicker';
import { LabelFilter, labelFilterFromParams, labelFilterToParams } from '../labels/LabelFilter';
import type { BoardFilters } from './api';

/** The board's filters, read from and written to the URL (a filtered board can be bookmarked or shared). */
export function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const filters: BoardFilters & { productName: string } = {
    q: params.get('q') ?? '',
    from: params.get('from'),
    to: params.get('to'),
    assignedTo: params.get('assignedTo') ?? '',
    productId: params.get('productId') ?? '',
    productName: params.get('productName') ?? '',
    labels: labelFilterFromParams(params).labels.join(','),
    labelMatch: labelFilterFromParams(params).labelMatch,
  };
  const update = (change: Partial<Record<keyof typeof filters, string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { filters, update };
}

/** The table's filters for the board: search, product, assignee (admins) and dates. */
export function BoardFilterBar({ filters, update }: ReturnType<typeof useBoardFilters>) {
  const { t } = useTranslation('dealBoard');
  const canAssign = useCan('contacts.assign');
  const salesUsersQuery = useSalesUsers(canAssign);
  const salesUsers = salesUsersQuery.data ?? [];
  const product = filters.productId ? { _id: filters.productId, name: filters.productName, price: 0 } : null;
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <SearchFilter value={filters.q} onChange={(q) => update({ q })} delay={SEARCH_DEBOUNCE_MS.deals} placeholder={t('searchPlaceholder')} />
      <ProductPicker
        label={t('pipeline:filters.product')}
        placeholder={t('pipeline:filters.allProducts')}
        clearable
        value={product}
        onChange={(picked) => update({ productId: picked?._id ?? '', productName: picked?.name ?? '' })}
        w={220}
      />
      {canAssign && (
        <Stack gap={4}>
          <NativeSelect
            size="sm"
            label={t('filters.assignedTo')}
            value={filters.assignedTo}
            onChange={(event) => update({ assignedTo: event.currentTarget.value })}
            data={[{ value: '', label: t('filters.allUsers') }, { value: 'unassigned', label: t('filters.unassigned') }, ...salesUsers.map((user) => ({ value: user._id, label: user.name }))]}
            w={200}
          />
          {salesUsersQuery.error && <LoadError compact error={salesUsersQuery.error} onRetry={salesUsersQuery.reload} />}
        </Stack>
      )}
      <LabelFilter value={labelFilterFromParams(new URLSearchParams({ labels: filters.labels, labelMatch: filters.labelMatch }))} onChange={(value) => update(labelFilterToParams(value))} />
      <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
    </Group>
  );
}
