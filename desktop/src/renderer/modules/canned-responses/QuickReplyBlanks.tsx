import { Button, Group, Stack, Text } from '@mantine/core';
import { QUICK_REPLY_BLANKS, type QuickReplyBlank } from '@crm/common';
import { useTranslation } from 'react-i18next';

/**
 * Under the response's text: the blanks a response may hold and what each becomes when it is
 * inserted in a chat; a click puts the blank at the text's cursor.
 */
export function QuickReplyBlanks({ onInsert }: { onInsert: (blank: string) => void }) {
  const { t } = useTranslation('canned');
  const meaning: Record<QuickReplyBlank, string> = { name: t('blanks.name'), agent: t('blanks.agent'), company: t('blanks.company'), product: t('blanks.product') };
  return (
    <Stack gap={6} aria-labelledby="quick-reply-blanks-title">
      <Text id="quick-reply-blanks-title" size="sm" fw={600}>
        {t('blanks.title')}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {QUICK_REPLY_BLANKS.map((blank) => {
          const token = `{${blank}}`;
          return (
            <Group key={blank} component="li" gap="xs" wrap="nowrap">
              <Button size="compact-xs" variant="light" ff="monospace" onClick={() => onInsert(token)} aria-label={t('blanks.insert', { blank: token })}>
                <bdi>{token}</bdi>
              </Button>
              <Text size="xs" c="dimmed">
                {meaning[blank]}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed">
        {t('blanks.hint')}
      </Text>
    </Stack>
  );
}
