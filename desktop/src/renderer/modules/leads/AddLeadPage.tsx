import { Alert, Anchor, Button, Card, Grid, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createContactSchema } from '@crm/common';
import { ArrowLeft, CircleAlert, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { contactsApi } from '../contacts/api';
import { ImportLeadsCard } from './ImportLeadsCard';

type LeadForm = { name: string; phone: string; email: string; address: string; notes: string };
type LeadField = keyof LeadForm;
const emptyLead: LeadForm = { name: '', phone: '', email: '', address: '', notes: '' };

/**
 * The schema's messages are English; the form words each field's failure from the catalogue
 * (too long, else the field's one other rule: required for name and phone, the format for email).
 */
const FIELD_ERROR_KEYS: Record<LeadField, { tooLong: string; other: string }> = {
  name: { tooLong: 'leads:add.errors.nameTooLong', other: 'leads:add.errors.nameRequired' },
  phone: { tooLong: 'leads:add.errors.phoneTooLong', other: 'leads:add.errors.phoneRequired' },
  email: { tooLong: 'leads:add.errors.emailInvalid', other: 'leads:add.errors.emailInvalid' },
  address: { tooLong: 'leads:add.errors.addressTooLong', other: 'leads:add.errors.addressTooLong' },
  notes: { tooLong: 'leads:add.errors.notesTooLong', other: 'leads:add.errors.notesTooLong' },
};

/**
 * Add New Lead: name and phone required, email in email format; after creating,
 * the new contact's profile. The rules are the server's own schema, so both sides agree.
 */
export function AddLeadPage() {
  const { t } = useTranslation('leads');
  const navigate = useNavigate();
  const [form, setForm] = useState<LeadForm>(emptyLead);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LeadField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  /** The contact that already has the phone, when the server names it to this user. */
  const [existingId, setExistingId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (name: LeadField) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createContactSchema.safeParse(form);
    if (!parsed.success) {
      const errors: Partial<Record<LeadField, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as LeadField;
        const keys = FIELD_ERROR_KEYS[key];
        const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
        errors[key] ??= keys ? t(issue.code === 'too_big' ? keys.tooLong : keys.other, { max }) : issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setExistingId(null);
    setSaving(true);
    try {
      const contact = await contactsApi.create(parsed.data);
      notifications.show({ color: 'green', message: t('add.added', { label: contact.name || contact.phone }) });
      void navigate(`/contacts/${contact._id}`);
    } catch (failure) {
      // A duplicate phone: the server names the contact that already has it.
      setError(errorMessage(failure, 'leads:add.failed'));
      setExistingId(existingContactOf(failure));
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('add.title')}
        actions={
          <Anchor component={Link} to="/leads" size="sm">
            <Group gap={4} component="span">
              <ArrowLeft size={14} aria-hidden className="mirror-rtl" /> {t('add.back')}
            </Group>
          </Anchor>
        }
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card component="section" aria-labelledby="new-lead-title">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Stack gap="md">
                <Title order={2} size="h4" id="new-lead-title">
                  {t('add.details')}
                </Title>
                {error && (
                  <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
                    <Stack gap={6}>
                      <span>{error}</span>
                      {existingId && (
                        <Anchor component={Link} to={`/contacts/${existingId}`} size="sm" fw={600}>
                          {t('add.openExisting')}
                        </Anchor>
                      )}
                    </Stack>
                  </Alert>
                )}
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('add.name')} required value={form.name} onChange={(e) => edit('name')(e.currentTarget.value)} error={fieldErrors.name} data-autofocus />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('add.phone')}
                      required
                      type="tel"
                      dir="ltr"
                      placeholder={t('add.phonePlaceholder')}
                      value={form.phone}
                      onChange={(e) => edit('phone')(e.currentTarget.value)}
                      error={fieldErrors.phone}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('add.email')} type="email" value={form.email} onChange={(e) => edit('email')(e.currentTarget.value)} error={fieldErrors.email} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('add.address')} value={form.address} onChange={(e) => edit('address')(e.currentTarget.value)} error={fieldErrors.address} />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea label={t('add.notes')} rows={4} resize="vertical" value={form.notes} onChange={(e) => edit('notes')(e.currentTarget.value)} error={fieldErrors.notes} />
                  </Grid.Col>
                </Grid>
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to="/leads">
                    {t('add.cancel')}
                  </Button>
                  <Button type="submit" loading={saving} leftSection={<UserPlus size={16} aria-hidden />}>
                    {t('add.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ImportLeadsCard onDone={() => void navigate('/leads')} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The id of the contact that already has the phone: the server sends it only to a user who may open it. */
function existingContactOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.code !== 'contact.phone_taken') return null;
  const id = failure.params?.contactId;
  return typeof id === 'string' && id ? id : null;
}
