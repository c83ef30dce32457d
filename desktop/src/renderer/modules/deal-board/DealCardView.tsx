import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { PIPELINE_STATUSES, type DealCard, type PipelineStatus } from '@crm/common';
import { ArrowRightLeft, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contactLabel } from '../../ui/ContactPhone';
import { Money } from '../../ui/Money';
import { formatNumber } from '../../lib/format';
import { LabelChips } from '../labels/LabelChips';
import { STATUS_KEYS } from './status-keys';

export const cardLabel = (card: DealCard) => contactLabel(card.name, card.phone);

/**
 * One deal on the board. The whole card is the drag handle (mouse, touch, keyboard); the name opens
 * the profile, the chat icon the conversation, and "Move to" is the same move without dragging.
 */
export function DealCardView({ card, onMove }: { card: DealCard; onMove: (card: DealCard, to: PipelineStatus) => void }) {
  const { t } = useTranslation('dealBoard');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card._id, data: { card } });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10 } : undefined;
  const label = cardLabel(card);
  return (
    <Card ref={setNodeRef} style={{ ...style, opacity: isDragging ? 0.7 : 1, cursor: 'grab' }} withBorder padding="sm" {...attributes} {...listeners} aria-label={label} data-testid="deal-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={`/contacts/${card._id}`} fw={600} size="sm" lineClamp={1} onPointerDown={(e) => e.stopPropagation()}>
            {label}
          </Anchor>
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('card.openChat', { name: label })}>
              <ActionIcon
                component={Link}
                to={`/whatsapp?contactId=${card._id}`}
                variant="subtle"
                size="sm"
                aria-label={t('card.openChat', { name: label })}
                onPointerDown={(e) => e.stopPropagation()}
              >
                <MessageCircle size={14} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" aria-label={t('card.moveMenu', { name: label })} onPointerDown={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                  <ArrowRightLeft size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('card.moveTo')}</Menu.Label>
                {PIPELINE_STATUSES.filter((s) => s !== card.status).map((status) => (
                  <Menu.Item key={status} onClick={() => onMove(card, status)}>
                    {t(STATUS_KEYS[status])}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <LabelChips labelIds={card.labelIds} max={3} size="xs" />
        <Money amount={card.amount} />
        {card.products.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {card.products.map((p) => `${p.name} × ${formatNumber(p.qty)}`).join(', ')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {card.assignedTo?.name ?? t('card.unassigned')}
          </Text>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t('card.days', { days: formatNumber(card.daysInStatus) })}
            </Text>
            {card.stale && (
              <Tooltip label={t('card.staleHint')}>
                <Badge color="orange" size="xs" variant="light">
                  {t('card.stale')}
                </Badge>
              </Tooltip>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
