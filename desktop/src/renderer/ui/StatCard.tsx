import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A figure card, the one of the app (the company dashboard, the super dashboard, reports, team
 * performance): label, optional icon, value, optional detail. The label names the card for
 * assistive technology and tests (a group named by its label).
 */
export function StatCard({ label, detail, value, icon: Icon, color, loading = false }: { label: string; detail?: string; value: ReactNode; icon?: LucideIcon; color?: string; loading?: boolean }) {
  // Re-render on a language switch: the value was formatted in the chosen locale.
  useTranslation();
  return (
    // The card is a size container: the figure's size follows the card's width (cqi), so the
    // widest amount still fits on one line; label and figure never wrap.
    <Card padding="md" role="group" aria-label={label} style={{ containerType: 'inline-size' }}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" fw={600} truncate="end" title={label} data-stat-label="">
          {label}
        </Text>
        {Icon && (
          <ThemeIcon variant="light" color={color} size={30} radius="md" aria-hidden style={{ flexShrink: 0 }}>
            <Icon size={16} />
          </ThemeIcon>
        )}
      </Group>
      {loading ? (
        <Skeleton height={28} width={90} mt={8} />
      ) : (
        <Text fz="clamp(1rem, 11cqi, 1.375rem)" fw={700} lh={1.2} mt={8} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={`stat-${label}`} data-stat-value="">
          {value ?? '—'}
        </Text>
      )}
      {/* what the figure counts (rules/kpis.ts), so it reads the same as the pipeline's and the reports' */}
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}
