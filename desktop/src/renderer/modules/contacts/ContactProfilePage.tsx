import { Accordion, Alert, Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { STAGE_ACTION_LABELS, type Contact, type ContactStage, type ShippingCompany } from '@crm/common';
import { ArrowLeft, CircleAlert, Mail, Save, Trash2, UserRound } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ApiError, withReason } from '../../lib/api';
import { useAuthStore } from '../auth/store';
import { useCan } from '../auth/use-can';
import { contactsApi, lookupsApi } from './api';
import { StageBadge } from './components/badges';
import { ContactChatSlot } from './components/ContactChatSlot';
import { FollowUpStatus } from '../follow-ups';
import { dealFormFrom, detailsFormFrom, rowsWithoutProduct, toUpdateRequest, type DealForm, type DetailsForm } from './profile/deal-form';
import { DealSection } from './profile/DealSection';
import { DetailsSection } from './profile/DetailsSection';
import { ManagementSection } from './profile/ManagementSection';
import classes from './ContactProfilePage.module.css';

/**
 * The spec asks for Arabic alerts on fetch, save, stage change and delete, with the server's
 * error appended, and success alerts, without giving the wording (spec/core.md §8).
 */
export const PROFILE_TEXTS = {
  loading: 'Loading profile...',
  notFound: 'Contact not found.',
  loadFailed: 'فشل تحميل بيانات جهة الاتصال',
  saved: 'تم حفظ التغييرات بنجاح',
  saveFailed: 'فشل حفظ التغييرات',
  stageChanged: 'تم تغيير مرحلة جهة الاتصال بنجاح',
  stageFailed: 'فشل تغيير المرحلة',
  deleted: 'تم حذف جهة الاتصال بنجاح',
  deleteFailed: 'فشل حذف جهة الاتصال',
  chooseProducts: 'اختر منتجًا لكل سطر في قائمة المنتجات قبل الحفظ',
} as const;

const arabic = (text: string): ReactNode => (
  <Text span size="sm" dir="auto" style={{ display: 'block' }}>
    {text}
  </Text>
);

const SECTIONS = ['details', 'deal', 'management'];

type LoadState = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'error'; message: string } | { kind: 'ready'; contact: Contact };

/** spec/core.md §2 "Contact profile". */
export function ContactProfilePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canDelete = useCan('contacts.delete');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [details, setDetails] = useState<DetailsForm | null>(null);
  const [deal, setDeal] = useState<DealForm | null>(null);
  const [saved, setSaved] = useState<{ details: DetailsForm; deal: DealForm } | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [shippingCompanies, setShippingCompanies] = useState<Pick<ShippingCompany, '_id' | 'name'>[]>([]);
  const [openSections, setOpenSections] = useState<string[]>(SECTIONS);

  /** The server's copy replaces what is shown; `keepDetails` keeps unsaved contact details (stage moves). */
  const adopt = useCallback((contact: Contact, keepDetails = false) => {
    const nextDeal = dealFormFrom(contact);
    const nextDetails = detailsFormFrom(contact);
    setState({ kind: 'ready', contact });
    setDeal(nextDeal);
    setDetails((current) => (keepDetails && current ? current : nextDetails));
    setSaved((current) => ({ details: keepDetails && current ? current.details : nextDetails, deal: nextDeal }));
    setRowErrors([]);
  }, []);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    contactsApi.get(id).then(
      (contact) => alive && adopt(contact),
      (error) => {
        if (!alive) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return setState({ kind: 'not-found' });
        const message = withReason(PROFILE_TEXTS.loadFailed, error);
        setState({ kind: 'error', message });
        notifications.show({ color: 'red', message: arabic(message) });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, adopt]);

  const contact = state.kind === 'ready' ? state.contact : null;
  const isSales = contact?.stage === 'sales';

  useEffect(() => {
    if (!isSales) return;
    let alive = true;
    lookupsApi.shippingCompanies().then(
      (list) => alive && setShippingCompanies(list.items),
      () => alive && setShippingCompanies([]),
    );
    return () => {
      alive = false;
    };
  }, [isSales]);

  // A company on the deal that is not in the list any more still shows by name.
  const companies = useMemo(() => {
    const current = contact?.salesData.shippingDetails.company;
    return current && !shippingCompanies.some((c) => c._id === current._id) ? [current, ...shippingCompanies] : shippingCompanies;
  }, [contact, shippingCompanies]);

  const dirty = useMemo(() => {
    if (!saved || !details || !deal) return false;
    return JSON.stringify(saved.details) !== JSON.stringify(details) || (isSales && JSON.stringify(saved.deal) !== JSON.stringify(deal));
  }, [saved, details, deal, isSales]);

  if (state.kind === 'loading') return <FullPageLoader label={PROFILE_TEXTS.loading} inline />;
  if (state.kind === 'not-found') return <Problem text={PROFILE_TEXTS.notFound} />;
  if (state.kind === 'error') return <Problem text={state.message} />;
  if (!contact || !details || !deal) return null;

  const saveAll = async () => {
    const missing = isSales ? rowsWithoutProduct(deal) : [];
    setRowErrors(missing);
    if (missing.length > 0) {
      setOpenSections((open) => (open.includes('deal') ? open : [...open, 'deal']));
      notifications.show({ color: 'red', message: arabic(PROFILE_TEXTS.chooseProducts) });
      return;
    }
    setBusy(true);
    try {
      const updated = await contactsApi.update(contact._id, toUpdateRequest(details, isSales ? deal : null));
      adopt(updated);
      notifications.show({ color: 'green', message: arabic(PROFILE_TEXTS.saved) });
    } catch (error) {
      notifications.show({ color: 'red', message: arabic(withReason(PROFILE_TEXTS.saveFailed, error)) });
    } finally {
      setBusy(false);
    }
  };

  const changeStage = (to: ContactStage) =>
    modals.openConfirmModal({
      title: STAGE_ACTION_LABELS[to],
      children: (
        <Text size="sm">
          Move {contact.name || contact.phone} from {contact.stage || 'lead'} to {to}?
          {dirty ? ' Your unsaved contact details stay on the screen; save them afterwards.' : ''}
        </Text>
      ),
      labels: { confirm: STAGE_ACTION_LABELS[to], cancel: 'Cancel' },
      onConfirm: async () => {
        setBusy(true);
        try {
          const updated = await contactsApi.changeStage(contact._id, to);
          adopt(updated, true);
          notifications.show({ color: 'green', message: arabic(PROFILE_TEXTS.stageChanged) });
        } catch (error) {
          notifications.show({ color: 'red', message: arabic(withReason(PROFILE_TEXTS.stageFailed, error)) });
        } finally {
          setBusy(false);
        }
      },
    });

  const deleteContact = () =>
    modals.openConfirmModal({
      title: 'Delete Contact',
      children: <Text size="sm">Delete {contact.name || contact.phone} with their messages and history? This cannot be undone.</Text>,
      labels: { confirm: 'Delete Contact', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy(true);
        try {
          await contactsApi.remove(contact._id);
          notifications.show({ color: 'green', message: arabic(PROFILE_TEXTS.deleted) });
          navigate('/leads');
        } catch (error) {
          notifications.show({ color: 'red', message: arabic(withReason(PROFILE_TEXTS.deleteFailed, error)) });
          setBusy(false);
        }
      },
    });

  return (
    <>
      <Anchor component={Link} to={backLink(contact.stage)} size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <ArrowLeft size={14} aria-hidden /> Back to {backLabel(contact.stage)}
        </Group>
      </Anchor>

      <Card mb="md" component="section" aria-label="Contact summary">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {contact.name || contact.phone}
            </Title>
            <Group gap="md" c="dimmed">
              {contact.name && (
                <Text size="sm" dir="ltr">
                  {contact.phone}
                </Text>
              )}
              {contact.email && (
                <Group gap={4} wrap="nowrap">
                  <Mail size={14} aria-hidden />
                  <Text size="sm">{contact.email}</Text>
                </Group>
              )}
            </Group>
            <Group gap="xs">
              <StageBadge stage={contact.stage} />
              <Badge color={contact.assignedTo ? 'brand' : 'gray'} variant="light" leftSection={<UserRound size={12} aria-hidden />}>
                {contact.assignedTo ? `Assigned to ${contact.assignedTo.name}` : 'Unassigned'}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>

      <Accordion multiple value={openSections} onChange={setOpenSections} variant="separated" radius="md" chevronPosition="right" mb="md">
        <Accordion.Item value="details">
          <Accordion.Control>Contact Details</Accordion.Control>
          <Accordion.Panel>
            <DetailsSection value={details} phone={contact.phone} onChange={setDetails} />
          </Accordion.Panel>
        </Accordion.Item>
        {isSales && (
          <Accordion.Item value="deal">
            <Accordion.Control>Sales Deal and Shipping Details</Accordion.Control>
            <Accordion.Panel>
              <DealSection value={deal} onChange={setDeal} shippingCompanies={companies} rowErrors={rowErrors} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="management">
          <Accordion.Control>Management &amp; History</Accordion.Control>
          <Accordion.Panel>
            <ManagementSection contact={contact} busy={busy} onChangeStage={changeStage} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="follow-ups">
          <Accordion.Control>Follow-ups</Accordion.Control>
          <Accordion.Panel>
            <FollowUpStatus contactId={contact._id} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <ContactChatSlot contact={contact} />

      <Box className={classes.actionBar}>
        <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite">
          {dirty ? 'You have unsaved changes' : 'All changes saved'}
        </Text>
        <Group gap="sm">
          {canDelete && (
            <Button variant="light" color="red" leftSection={<Trash2 size={16} aria-hidden />} onClick={deleteContact} disabled={busy}>
              Delete Contact
            </Button>
          )}
          <Button leftSection={<Save size={16} aria-hidden />} onClick={() => void saveAll()} loading={busy}>
            Save All Changes
          </Button>
        </Group>
      </Box>
    </>
  );
}

const backLink = (stage: ContactStage) => (stage === 'customer' ? '/customers' : stage === 'sales' ? '/sales' : '/leads');
const backLabel = (stage: ContactStage) => (stage === 'customer' ? 'Customers' : stage === 'sales' ? 'Sales Pipeline' : 'Leads');

function Problem({ text }: { text: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        Contact Profile
      </Title>
      <Alert color={text === PROFILE_TEXTS.notFound ? 'gray' : 'red'} variant="light" icon={<CircleAlert size={18} />} role="alert">
        <Text size="sm" dir="auto">
          {text}
        </Text>
      </Alert>
      <Group>
        <Button component={Link} to="/leads" variant="default" leftSection={<ArrowLeft size={16} aria-hidden />}>
          Back to Leads
        </Button>
      </Group>
    </Stack>
  );
}
