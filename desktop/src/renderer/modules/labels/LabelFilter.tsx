import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { LabelMatch } from '@crm/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelPicker } from './LabelPicker';

export interface LabelFilterValue {
  labels: string[];
  labelMatch: LabelMatch;
}

/** A list's label filter: the labels, and whether a contact needs any of them or all of them. */
export function LabelFilter({ value, onChange }: { value: LabelFilterValue; onChange: (value: LabelFilterValue) => void }) {
  const { t } = useTranslation('labels');
  const matchId = useId();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <LabelPicker label={t('filter.label')} placeholder={t('filter.placeholder')} value={value.labels} onChange={(labels) => onChange({ ...value, labels })} />
      {value.labels.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={matchId}>
            {t('filter.match')}
          </Text>
          <SegmentedControl
            size="sm"
            aria-labelledby={matchId}
            value={value.labelMatch}
            onChange={(labelMatch) => onChange({ ...value, labelMatch: labelMatch as LabelMatch })}
            data={[
              { value: 'any', label: t('filter.any') },
              { value: 'all', label: t('filter.all') },
            ]}
          />
        </Stack>
      )}
    </Group>
  );
}

/** The filter as list query values (the API client joins the ids with commas), the match only when it narrows. */
export function labelQuery(value: LabelFilterValue): { labels?: string[]; labelMatch?: LabelMatch } {
  if (!value.labels.length) return {};
  return { labels: value.labels, labelMatch: value.labels.length > 1 ? value.labelMatch : undefined };
}

/** The filter read from a URL (`labels=<id>,<id>&labelMatch=all`). */
export function labelFilterFromParams(params: URLSearchParams): LabelFilterValue {
  const labels = (params.get('labels') ?? '').split(',').filter(Boolean);
  return { labels, labelMatch: params.get('labelMatch') === 'all' ? 'all' : 'any' };
}

/** The filter written into URL values (empty ones are removed by the caller). */
export function labelFilterToParams(value: LabelFilterValue): { labels: string; labelMatch: string } {
  return { labels: value.labels.join(','), labelMatch: value.labels.length > 1 && value.labelMatch === 'all' ? 'all' : '' };
}

/** Whether a contact with these labels passes the filter (a realtime update to a filtered list); unknown labels pass. */
export function matchesLabelFilter(labelIds: readonly string[] | undefined, filter: LabelFilterValue): boolean {
  if (!filter.labels.length || !labelIds) return true;
  const has = new Set(labelIds);
  return filter.labelMatch === 'all' ? filter.labels.every((id) => has.has(id)) : filter.labels.some((id) => has.has(id));
}
