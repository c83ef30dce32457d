import { Accordion, Alert, Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ContactStage } from '@crm/common';
import { ArrowLeft, CircleAlert, Mail, Save, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ContactPhone, contactLabel } from '../../ui/ContactPhone';
import { Ltr } from '../../ui/Ltr';
import { useCan } from '../auth/use-can';
import { ContactLabels } from '../labels/ContactLabels';
import { StageBadge } from './components/badges';
import { STAGE_ACTION_KEYS, STAGE_KEYS } from './labels';
import { ContactChatSlot } from './components/ContactChatSlot';
import { FollowUpStatus } from '../follow-ups';
import { OrderConfirmationBadge } from '../order-confirmations/OrderConfirmationBadge';
import { DealSection } from './profile/DealSection';
import { DetailsSection } from './profile/DetailsSection';
import { ManagementSection } from './profile/ManagementSection';
import { useContactProfile } from './profile/use-contact-profile';
import classes from './ContactProfilePage.module.css';

const BACK = {
  lead: { to: '/leads', key: 'contacts:profile.back.leads' },
  customer: { to: '/customers', key: 'contacts:profile.back.customers' },
  sales: { to: '/sales', key: 'contacts:profile.back.sales' },
} as const satisfies Record<ContactStage, { to: string; key: string }>;

const SECTIONS = ['details', 'deal', 'management'];

export function ContactProfilePage() {
  const { t } = useTranslation('contacts');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canDelete = useCan('contacts.delete');
  const [openSections, setOpenSections] = useState<string[]>(SECTIONS);
  const { state, contact, isSales, details, setDetails, deal, setDeal, rowErrors, busy, companies, dirty, save, changeStage: moveTo, remove } = useContactProfile(id);

  if (state.kind === 'loading') return <FullPageLoader label={t('profile.loading')} inline />;
  if (state.kind === 'not-found') return <Problem text={t('profile.notFound')} muted />;
  if (state.kind === 'not-yours') return <Problem text={state.message} muted />;
  if (state.kind === 'error') return <Problem text={state.message} />;
  if (!contact || !details || !deal) return null;
  const label = contactLabel(contact.name, contact.phone);

  const saveAll = async () => {
    // Rows without a product are named in the deal section: open it.
    if ((await save()) === 'incomplete') setOpenSections((open) => (open.includes('deal') ? open : [...open, 'deal']));
  };

  const changeStage = (to: ContactStage) =>
    modals.openConfirmModal({
      title: t(STAGE_ACTION_KEYS[to]),
      children: (
        <Text size="sm">
          {t('profile.confirmStage', { name: label, from: t(STAGE_KEYS[contact.stage || 'lead']), to: t(STAGE_KEYS[to]) })}
          {dirty ? t('profile.confirmStageUnsaved') : ''}
        </Text>
      ),
      labels: { confirm: t(STAGE_ACTION_KEYS[to]), cancel: t('profile.cancel') },
      onConfirm: () => void moveTo(to),
    });

  const deleteContact = () =>
    modals.openConfirmModal({
      title: t('profile.deleteContact'),
      children: <Text size="sm">{t('profile.confirmDelete', { name: label })}</Text>,
      labels: { confirm: t('profile.deleteContact'), cancel: t('profile.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          if (await remove()) await navigate('/leads');
        })(),
    });

  return (
    <>
      <Anchor component={Link} to={BACK[contact.stage || 'lead'].to} size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <ArrowLeft size={14} className="mirror-rtl" aria-hidden /> {t(BACK[contact.stage || 'lead'].key)}
        </Group>
      </Anchor>

      <Card mb="md" component="section" aria-label={t('profile.summary')}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Title>
            <Group gap="md" c="dimmed">
              {contact.name && (
                <Text size="sm">
                  <ContactPhone phone={contact.phone} />
                </Text>
              )}
              {contact.email && (
                <Group gap={4} wrap="nowrap">
                  <Mail size={14} aria-hidden />
                  <Text size="sm">
                    <Ltr>{contact.email}</Ltr>
                  </Text>
                </Group>
              )}
            </Group>
            <Group gap="xs">
              <StageBadge stage={contact.stage} />
              <Badge color={contact.assignedTo ? 'brand' : 'gray'} variant="light" leftSection={<UserRound size={12} aria-hidden />}>
                {contact.assignedTo ? t('profile.assignedTo', { name: contact.assignedTo.name }) : t('profile.unassigned')}
              </Badge>
              <ContactLabels contactId={contact._id} name={label} />
            </Group>
          </Stack>
        </Group>
      </Card>

      <Accordion multiple value={openSections} onChange={setOpenSections} variant="separated" radius="md" chevronPosition="right" mb="md">
        <Accordion.Item value="details">
          <Accordion.Control>{t('profile.sections.details')}</Accordion.Control>
          <Accordion.Panel>
            <DetailsSection value={details} phone={contact.phone} onChange={setDetails} />
          </Accordion.Panel>
        </Accordion.Item>
        {isSales && (
          <Accordion.Item value="deal">
            <Accordion.Control>{t('profile.sections.deal')}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                <OrderConfirmationBadge contactId={contact._id} />
                <DealSection value={deal} onChange={setDeal} shippingCompanies={companies} rowErrors={rowErrors} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="management">
          <Accordion.Control>{t('profile.sections.management')}</Accordion.Control>
          <Accordion.Panel>
            <ManagementSection contact={contact} busy={busy} onChangeStage={changeStage} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="follow-ups">
          <Accordion.Control>{t('profile.sections.followUps')}</Accordion.Control>
          <Accordion.Panel>
            <FollowUpStatus contactId={contact._id} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <ContactChatSlot contact={contact} />

      <Box className={classes.actionBar}>
        <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite">
          {dirty ? t('profile.unsaved') : t('profile.allSaved')}
        </Text>
        <Group gap="sm">
          {canDelete && (
            <Button variant="light" color="red" leftSection={<Trash2 size={16} aria-hidden />} onClick={deleteContact} disabled={busy}>
              {t('profile.deleteContact')}
            </Button>
          )}
          <Button leftSection={<Save size={16} aria-hidden />} onClick={() => void saveAll()} loading={busy}>
            {t('profile.saveAll')}
          </Button>
        </Group>
      </Box>
    </>
  );
}

/** A page that could not show the contact: not found (gray) or a failure (red). */
function Problem({ text, muted = false }: { text: string; muted?: boolean }) {
  const { t } = useTranslation('contacts');
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Alert color={muted ? 'gray' : 'red'} variant="light" icon={<CircleAlert size={18} />} role="alert">
        <Text size="sm" dir="auto">
          {text}
        </Text>
      </Alert>
      <Group>
        <Button component={Link} to="/leads" variant="default" leftSection={<ArrowLeft size={16} className="mirror-rtl" aria-hidden />}>
          {t('profile.back.leads')}
        </Button>
      </Group>
    </Stack>
  );
}
