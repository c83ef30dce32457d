import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product, ProductRef } from '@crm/common';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupsApi } from '../api';
import { Money } from '../../../ui/Money';
import { useQuery } from '../../../lib/load/use-query';

export type PickedProduct = Pick<ProductRef, '_id' | 'name' | 'price'>;

interface ProductPickerProps {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  label?: string;
  placeholder?: string;
  /** For pickers without a visible label (deal rows). */
  'aria-label'?: string;
  clearable?: boolean;
  error?: string;
  size?: 'xs' | 'sm' | 'md';
  w?: number | string;
}

const SEARCH_DELAY_MS = 300;

/**
 * Picks a product by name or SKU. The search runs on the server (GET /api/products?q), so a shop
 * with thousands of products never sends them all; nothing is fetched until the list is opened.
 */
export function ProductPicker({ value, onChange, label, placeholder, clearable, error, size = 'sm', w, ...rest }: ProductPickerProps) {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [opened, setOpened] = useState(false);
  const known = useRef(new Map<string, PickedProduct>());
  const valueName = value?.name;

  // Keep the shown text in step when the row's product changes from outside.
  useEffect(() => {
    setSearch(value?.name ?? '');
  }, [value?._id, value?.name]);

  // The box shows the chosen product's name: that is not a search, list everything.
  const q = valueName !== undefined && debounced === valueName ? '' : debounced.trim();
  const query = useQuery(
    async (signal) => {
      const list = await lookupsApi.products(q, signal);
      const products = list.items.map((p: Product) => ({ _id: p._id, name: p.name, price: p.price }));
      products.forEach((p) => known.current.set(p._id, p));
      return products;
    },
    [q],
    // A failed search lists nothing; the dropdown says so.
    { enabled: opened, errorText: () => '' },
  );
  const found = useMemo(() => query.data ?? [], [query.data]);
  const loading = query.loading;

  const data = useMemo(() => {
    const list = value && !found.some((p) => p._id === value._id) ? [value, ...found] : found;
    return list.map((p) => ({ value: p._id, label: p.name }));
  }, [found, value]);

  return (
    <Select
      {...rest}
      size={size}
      w={w}
      label={label}
      placeholder={placeholder ?? t('productPicker.placeholder')}
      searchable
      clearable={clearable}
      data={data}
      value={value?._id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={loading ? t('productPicker.loading') : t('productPicker.nothingFound')}
      onChange={(id) => {
        if (!id) return onChange(null);
        const product = known.current.get(id) ?? (value?._id === id ? value : null);
        onChange(product);
      }}
      renderOption={({ option }) => {
        const product = known.current.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
            <Text size="sm">{option.label}</Text>
            {product && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <Money amount={product.price} />
              </Text>
            )}
          </Group>
        );
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
