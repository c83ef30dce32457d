import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure with its label; the label names the card for assistive technology and tests. */
export function KpiCard({ label, value, loading }: { label: string; value: ReactNode; loading?: boolean }) {
  return (
    <Card padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} width={90} mt={8} />
      ) : (
        <Text fz="clamp(1.1rem, 1.7vw, 1.375rem)" fw={700} lh={1.2} mt={8} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {value}
        </Text>
      )}
    </Card>
  );
}
