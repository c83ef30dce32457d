import { Badge } from '@mantine/core';
import { stockLevel } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

const COLORS = { out: 'red', low: 'yellow', ok: 'green' } as const;
const KEYS = { out: 'products:stock.out', low: 'products:stock.low', ok: 'products:stock.ok' } as const;

/** The stock badge: the one rule of common/rules/stock-level (out red, low yellow, else green). */
export function StockBadge({ stockQty, minQty }: { stockQty: number; minQty: number }) {
  const { t } = useTranslation('products');
  const level = stockLevel(stockQty, minQty);
  return (
    <Badge color={COLORS[level]} variant="light" data-level={level}>
      {t(KEYS[level], { qty: formatNumber(stockQty) })}
    </Badge>
  );
}
