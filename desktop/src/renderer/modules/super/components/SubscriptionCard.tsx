import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  isCalendarDay,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  updateSubscriptionSchema,
  type SubscriptionStatus,
  type SubscriptionType,
  type TenantWithStats,
  type UpdateSubscriptionInput,
} from '@crm/common';
import { CalendarDays } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { superApi } from '../api';
import { splitRefusal } from '../field-errors';
import { checkWith } from '../schema-texts';
import { STATUS_KEYS, SubscriptionBadge, TYPE_KEYS } from '../SubscriptionBadge';
import { Usd } from '../Usd';

type Field = keyof UpdateSubscriptionInput;
const FIELDS: Field[] = ['type', 'status', 'expiresAt', 'price', 'paidAmount'];

interface FormState {
  type: SubscriptionType;
  status: SubscriptionStatus;
  expiresAt: string | null;
  price: number | string;
  paidAmount: number | string;
}

const formOf = ({ subscription: s }: TenantWithStats): FormState => ({
  type: s.type,
  status: s.status,
  // The form edits a calendar day; the server reads it as the end of that day in the company's zone.
  expiresAt: s.expiresAt ? s.expiresAt.slice(0, 10) : null,
  price: s.price,
  paidAmount: s.paidAmount,
});

const parseDay = (text: string): string | null => (isCalendarDay(text.trim()) ? text.trim() : null);

/** The subscription: type, status badge, expiry and the amounts in USD, with its edit form. */
export function SubscriptionCard({ tenant, onSaved }: { tenant: TenantWithStats; onSaved: (tenant: TenantWithStats) => void }) {
  const { t } = useTranslation('super');
  const [form, setForm] = useState<FormState | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const s = tenant.subscription;

  const edit = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setForm((current) => current && { ...current, [field]: value });
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form) return;
    const input: UpdateSubscriptionInput = { ...form, expiresAt: form.expiresAt ?? null };
    const errors = checkWith<Field>(updateSubscriptionSchema, input);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      onSaved(await superApi.updateSubscription(tenant._id, input));
      setForm(null);
    } catch (failure) {
      const refusal = splitRefusal(failure, FIELDS, 'super:subscription.saveFailed');
      setFieldErrors(refusal.field);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="md" component="section" aria-labelledby="subscription-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="subscription-title">
          {t('subscription.title')}
        </Title>
        {!form && (
          <Button size="xs" variant="light" onClick={() => setForm(formOf(tenant))}>
            {t('subscription.edit')}
          </Button>
        )}
      </Group>
      {form ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('subscription.formLabel')}>
          <Stack gap="sm">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('subscription.type')}
                data={SUBSCRIPTION_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) }))}
                value={form.type}
                allowDeselect={false}
                onChange={(value) => value && edit('type', value as SubscriptionType)}
                error={fieldErrors.type}
              />
              <Select
                label={t('subscription.status')}
                data={SUBSCRIPTION_STATUSES.map((value) => ({ value, label: t(STATUS_KEYS[value]) }))}
                value={form.status}
                allowDeselect={false}
                onChange={(value) => value && edit('status', value as SubscriptionStatus)}
                error={fieldErrors.status}
              />
              <DateInput
                label={t('subscription.expiresAt')}
                placeholder={t('common:dates.dayPlaceholder')}
                valueFormat="YYYY-MM-DD"
                dateParser={parseDay}
                clearable
                value={form.expiresAt}
                onChange={(value) => edit('expiresAt', value)}
                leftSection={<CalendarDays size={16} aria-hidden />}
                error={fieldErrors.expiresAt}
              />
              <div />
              <NumberInput label={t('subscription.price')} min={0} decimalScale={2} value={form.price} onChange={(value) => edit('price', value)} error={fieldErrors.price} />
              <NumberInput label={t('subscription.paidAmount')} min={0} decimalScale={2} value={form.paidAmount} onChange={(value) => edit('paidAmount', value)} error={fieldErrors.paidAmount} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => (setForm(null), setFieldErrors({}), setFormError(null))}>
                {t('subscription.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('subscription.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap={6}>
          <Row label={t('subscription.type')}>{t(TYPE_KEYS[s.type])}</Row>
          <Row label={t('subscription.status')}>
            <SubscriptionBadge status={s.status} />
          </Row>
          <Row label={t('subscription.expiresAt')}>{s.expiresAt ? formatDate(s.expiresAt) : t('subscription.noExpiry')}</Row>
          <Row label={t('subscription.price')}>
            <Usd amount={s.price} />
          </Row>
          <Row label={t('subscription.paidAmount')}>
            <Usd amount={s.paidAmount} />
          </Row>
          <Row label={t('subscription.remainingAmount')}>
            <Usd amount={s.remainingAmount} />
          </Row>
        </Stack>
      )}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Group>
  );
}
