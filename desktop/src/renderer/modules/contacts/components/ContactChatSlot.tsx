import { Card } from '@mantine/core';
import type { Contact } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { ChatPanel } from '../../messenger/ChatPanel';

/**
 * The contact profile's embedded chat panel: the messenger's ChatPanel from modules/chat, at a fixed
 * height so the message list scrolls inside it. The page renders it below its sections.
 */
export function ContactChatSlot({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  return (
    <Card p={0} mb="md" aria-label={t('chat.label')} style={{ blockSize: 'min(36rem, 75dvh)', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <ChatPanel contactId={contact._id} contact={{ name: contact.name, phone: contact.phone }} showProfileLink={false} />
    </Card>
  );
}
