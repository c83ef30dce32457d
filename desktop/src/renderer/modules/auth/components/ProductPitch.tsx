import { Anchor, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ChartColumn, MessageCircle, Users } from 'lucide-react';
import { appConfig } from '../../../lib/config';

const features = [
  { icon: MessageCircle, title: 'WhatsApp integration', text: 'Chat with every lead and customer from one shared inbox.' },
  { icon: Users, title: 'Customer & sales management', text: 'Move contacts from lead to customer to closed deal.' },
  { icon: ChartColumn, title: 'Smart reports', text: 'See revenue, conversion and team performance at a glance.' },
];

/** Spec: the login page advertises the product and offers a WhatsApp link for new accounts and support. */
export function ProductPitch() {
  return (
    <Stack gap="xl" maw={460}>
      <Stack gap="xs">
        <Title order={2} c="white">
          Sell more over WhatsApp
        </Title>
        <Text c="brand.0">Your team's chats, leads and deals in one place.</Text>
      </Stack>
      <List spacing="lg" listStyleType="none" c="white">
        {features.map(({ icon: Icon, title, text }) => (
          <List.Item
            key={title}
            icon={
              <ThemeIcon size={36} radius="md" color="white" variant="light" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
            }
          >
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="brand.0">
              {text}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="brand.0">
        New company or need help?{' '}
        <Anchor href={appConfig.supportWhatsAppUrl} target="_blank" rel="noopener noreferrer" c="white" fw={600} underline="always">
          Contact us on WhatsApp
        </Anchor>
      </Text>
    </Stack>
  );
}
