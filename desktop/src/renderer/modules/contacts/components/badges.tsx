import { Badge, Text } from '@mantine/core';
import type { ContactStage, PipelineStatus, ShippingStatus } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { PIPELINE_STATUS_KEYS, SHIPPING_STATUS_KEYS, STAGE_KEYS } from '../labels';
import { PIPELINE_STATUS_COLORS, SHIPPING_STATUS_COLORS, STAGE_COLORS } from '../format';
import classes from './badges.module.css';

/** A contact's stage; an empty one reads 'lead'. */
export function StageBadge({ stage }: { stage: ContactStage | null | undefined }) {
  const { t } = useTranslation();
  const value = stage || 'lead';
  return (
    <Badge className={classes.badge} color={STAGE_COLORS[value]} data-stage={value}>
      {t(STAGE_KEYS[value])}
    </Badge>
  );
}

/** A deal's pipeline status; none set reads 'new'. */
export function PipelineStatusBadge({ status }: { status: PipelineStatus | null | undefined }) {
  const { t } = useTranslation();
  const value = status || 'new';
  return (
    <Badge className={classes.badge} color={PIPELINE_STATUS_COLORS[value]} data-status={value}>
      {t(PIPELINE_STATUS_KEYS[value])}
    </Badge>
  );
}

/** A deal's shipping status; a missing one reads 'N/A'. */
export function ShippingStatusBadge({ status }: { status: ShippingStatus | null | undefined }) {
  const { t } = useTranslation();
  if (!status) {
    return (
      <Text span c="dimmed" size="sm">
        {t('contacts:badges.notApplicable')}
      </Text>
    );
  }
  return (
    <Badge className={classes.badge} color={SHIPPING_STATUS_COLORS[status]} variant="outline" data-status={status}>
      {t(SHIPPING_STATUS_KEYS[status])}
    </Badge>
  );
}

/** Who a contact is assigned to: the name, or a gray UNASSIGNED badge. */
export function AssigneeCell({ assignee }: { assignee: { name: string } | null | undefined }) {
  const { t } = useTranslation();
  if (assignee) return <>{assignee.name}</>;
  return (
    <Badge className={classes.badge} color="gray" variant="light">
      {t('contacts:badges.unassigned')}
    </Badge>
  );
}
