import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { superApi } from '../api';

/** How many companies the list offers at a time: the search narrows it. */
const COMPANY_SELECT_LIMIT = 20;
const SEARCH_DELAY_MS = 300;

interface CompanySelectProps {
  /** Translated texts. */
  label: string;
  placeholder?: string;
  /** The chosen company's id. */
  value: string | null;
  onChange: (tenantId: string | null) => void;
  required?: boolean;
  clearable?: boolean;
  error?: string;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * Picks a company by name or slug. The search runs on the server (GET /super/tenants?q, newest
 * first, COMPANY_SELECT_LIMIT at a time), so the super area never loads every company; nothing is
 * fetched until the list is opened. The chosen company keeps its name in the box whatever the
 * latest search found.
 */
export function CompanySelect({ label, placeholder, value, onChange, required, clearable, error, size = 'sm' }: CompanySelectProps) {
  const { t } = useTranslation('super');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [opened, setOpened] = useState(false);
  const [found, setFound] = useState<ComboboxItem[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const chosenLabel = chosen?.label;

  // A form reset (value back to null) forgets the chosen company.
  useEffect(() => {
    if (value === null) setChosen(null);
  }, [value]);

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    // The box shows the chosen company's name: that is not a search, offer the newest.
    const q = chosenLabel !== undefined && debounced === chosenLabel ? '' : debounced.trim();
    setStatus('loading');
    superApi.tenants({ q, limit: COMPANY_SELECT_LIMIT }, controller.signal).then(
      (list) => {
        setFound(list.items.map((tenant) => ({ value: tenant._id, label: tenant.name })));
        setStatus('ready');
      },
      () => {
        if (controller.signal.aborted) return;
        setFound([]);
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [opened, debounced, chosenLabel]);

  const data = useMemo(() => (chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found), [chosen, found]);

  return (
    <Select
      size={size}
      label={label}
      placeholder={placeholder}
      required={required}
      clearable={clearable}
      error={error}
      searchable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={status === 'loading' ? t('common:loading') : status === 'error' ? t('tenants.fetchFailed') : t('tenants.empty')}
      onChange={(id, option) => {
        setChosen(id && option ? { value: id, label: option.label } : null);
        onChange(id);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
