import { Button, Collapse, Group, Text } from '@mantine/core';
import { ChevronDown, ChevronUp, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowUpStatus, StartFollowUpButton } from '../../follow-ups';
import classes from '../ChatPanel.module.css';

export interface FollowUpControlProps {
  contactId: string;
  hasActiveFollowUp: boolean;
  /** The contact's follow-up state changed (started or stopped): refresh the summary. */
  onChanged: () => void;
}

/**
 * The chat panel's follow-up control ("start follow-up" and the template picker):
 * the follow-ups module's StartFollowUpButton (template picker, confirmation, texts).
 */
export function StartFollowUpControl({ contactId, hasActiveFollowUp, onChanged }: FollowUpControlProps) {
  return <StartFollowUpButton contactId={contactId} hasActiveFollowUp={hasActiveFollowUp} onStarted={onChanged} buttonProps={{ size: 'xs', variant: 'light' }} />;
}

/** Under the header while a sequence runs: a line that opens the running sequence's steps (with Stop). */
export function ActiveFollowUpStrip({ contactId, hasActiveFollowUp, onChanged }: FollowUpControlProps) {
  const { t } = useTranslation('messenger');
  const [opened, setOpened] = useState(false);
  if (!hasActiveFollowUp) return null;
  return (
    <div className={classes.followUpStrip}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Repeat size={14} aria-hidden />
          <Text size="xs" fw={500}>
            {t('followUp.running')}
          </Text>
        </Group>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          rightSection={opened ? <ChevronUp size={12} aria-hidden /> : <ChevronDown size={12} aria-hidden />}
        >
          {opened ? t('followUp.hide') : t('followUp.details')}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <div className={classes.followUpDetails}>{opened && <FollowUpStatus contactId={contactId} activeOnly onStopped={onChanged} />}</div>
      </Collapse>
    </div>
  );
}
