import { Badge } from '@mantine/core';
import type { SubscriptionStatus, SubscriptionType } from '@crm/common';
import { useTranslation } from 'react-i18next';

export const STATUS_KEYS: Record<SubscriptionStatus, string> = {
  inactive: 'super:subscription.statuses.inactive',
  active: 'super:subscription.statuses.active',
  expired: 'super:subscription.statuses.expired',
};

export const TYPE_KEYS: Record<SubscriptionType, string> = {
  none: 'super:subscription.types.none',
  trial: 'super:subscription.types.trial',
  monthly: 'super:subscription.types.monthly',
  yearly: 'super:subscription.types.yearly',
};

/** Active success, expired error, others warning. */
const STATUS_COLORS: Record<SubscriptionStatus, string> = { active: 'green', expired: 'red', inactive: 'yellow' };

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('super');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

/** Active / Inactive on lists, Active / Suspended on the profile. */
export function TenantStatusBadge({ isActive, inactiveWord }: { isActive: boolean; inactiveWord: 'inactive' | 'suspended' }) {
  const { t } = useTranslation('super');
  return (
    <Badge color={isActive ? 'green' : 'red'} variant="light">
      {isActive ? t('tenantStatus.active') : inactiveWord === 'suspended' ? t('tenantStatus.suspended') : t('tenantStatus.inactive')}
    </Badge>
  );
}
