import { Anchor, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ChartColumn, MessageCircle, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';

const features = [
  { icon: MessageCircle, titleKey: 'auth:pitch.whatsappTitle', textKey: 'auth:pitch.whatsappText' },
  { icon: Users, titleKey: 'auth:pitch.salesTitle', textKey: 'auth:pitch.salesText' },
  { icon: ChartColumn, titleKey: 'auth:pitch.reportsTitle', textKey: 'auth:pitch.reportsText' },
];

/** Spec: the login page advertises the product and offers a WhatsApp link for new accounts and support. */
export function ProductPitch() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="xl" maw={460}>
      <Stack gap="xs">
        <Title order={2} c="white">
          {t('pitch.title')}
        </Title>
        <Text c="brand.0">{t('pitch.subtitle')}</Text>
      </Stack>
      <List spacing="lg" listStyleType="none" c="white">
        {features.map(({ icon: Icon, titleKey, textKey }) => (
          <List.Item
            key={titleKey}
            icon={
              <ThemeIcon size={36} radius="md" color="white" variant="light" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
            }
          >
            <Text fw={600}>{t(titleKey)}</Text>
            <Text size="sm" c="brand.0">
              {t(textKey)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="brand.0">
        {t('help.question')}{' '}
        <Anchor href={appConfig.supportWhatsAppUrl} target="_blank" rel="noopener noreferrer" c="white" fw={600} underline="always">
          {t('help.contact')}
        </Anchor>
      </Text>
    </Stack>
  );
}
