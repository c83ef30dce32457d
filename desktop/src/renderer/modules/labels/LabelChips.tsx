import { Badge, Group, Tooltip } from '@mantine/core';
import type { Label } from '@crm/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { useLabels } from './store';

/** One label as a chip: its colour as a dot, its name in the theme's text colour (readable on any colour). */
export function LabelChip({ label, size = 'sm' }: { label: Label; size?: 'xs' | 'sm' }) {
  return (
    <Badge variant="dot" color={label.colour} size={size} radius="sm" tt="none" fw={500} data-label-colour={label.colour} style={{ maxWidth: 160 }}>
      <bdi>{label.name}</bdi>
    </Badge>
  );
}

interface LabelChipsProps {
  /** The label ids a list row carries (names and colours come from the labels store). */
  labelIds: readonly string[] | undefined;
  /** Show at most this many and '+n' for the rest (the chat list's fixed-height rows). */
  max?: number;
  size?: 'xs' | 'sm';
}

/** A contact's labels as chips; ids the company no longer has (deleted meanwhile) are left out. */
export function LabelChips({ labelIds, max, size = 'sm' }: LabelChipsProps) {
  const { t } = useTranslation('labels');
  const all = useLabels();
  // in the company's order (by name), so a contact's chips read the same on every screen
  const labels = useMemo(() => {
    const has = new Set(labelIds ?? []);
    return all.filter((label) => has.has(label._id));
  }, [all, labelIds]);
  if (!labels.length) return null;
  const shown = max === undefined ? labels : labels.slice(0, max);
  const hidden = labels.slice(shown.length);
  return (
    <Group gap={4} wrap="nowrap" role="list" aria-label={t('chips.label')} style={{ overflow: 'hidden' }}>
      {shown.map((label) => (
        <span role="listitem" key={label._id}>
          <LabelChip label={label} size={size} />
        </span>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.map((label) => label.name).join(', ')}>
          <Badge variant="light" color="gray" size={size} radius="sm" aria-label={t('chips.more', { count: hidden.length })}>
            +{formatNumber(hidden.length)}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
