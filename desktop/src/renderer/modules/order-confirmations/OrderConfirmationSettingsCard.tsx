import { Alert, Button, Card, Group, NativeSelect, NumberInput, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { ORDER_CONFIRMATION_PLACEHOLDERS, type OrderConfirmationSettings } from '@crm/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { orderConfirmationsApi } from './api';
import { OrderConfirmationTemplateField } from './OrderConfirmationTemplateField';

/** Settings → Sending (admins): the cash-on-delivery confirmation asked after a deal is won. */
export function OrderConfirmationSettingsCard() {
  const { t } = useTranslation('orderConfirmations');
  const query = useQuery((signal) => orderConfirmationsApi.settings(signal), [], { errorText: (failure) => errorMessage(failure, 'orderConfirmations:loadFailed') });
  // the form edits the loaded settings in place; the saved ones replace them
  const { data: settings, setData: setSettings } = query;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      setSettings(await orderConfirmationsApi.saveSettings(settings));
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, 'orderConfirmations:saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<OrderConfirmationSettings>) => settings && setSettings({ ...settings, ...patch });
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);

  return (
    <Card padding="lg" maw={720} mt="lg" component="section" aria-labelledby="order-confirmation-title">
      <Stack>
        <Title order={2} size="h4" id="order-confirmation-title">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {!settings ? (
          query.error ? (
            <LoadError error={query.error} onRetry={query.reload} />
          ) : (
            <Text>{t('common:loading')}</Text>
          )
        ) : (
          <form onSubmit={(e) => void submit(e)}>
            <Stack>
              <Switch label={t('enabled')} checked={settings.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
              <Group grow>
                <NumberInput label={t('delay')} min={0} max={1440} value={settings.delayMinutes} onChange={(v) => set({ delayMinutes: whole(v) })} />
                <NumberInput label={t('reminder')} description={t('reminderHelp')} min={1} max={168} value={settings.reminderHours} onChange={(v) => set({ reminderHours: whole(v) })} />
              </Group>
              <NativeSelect
                label={t('language')}
                value={settings.language}
                onChange={(e) => set({ language: e.currentTarget.value as OrderConfirmationSettings['language'] })}
                data={[
                  { value: 'ar', label: t('arabic') },
                  { value: 'en', label: t('english') },
                ]}
              />
              <Text size="xs" c="dimmed">
                {t('placeholders', { list: ORDER_CONFIRMATION_PLACEHOLDERS.join(' ') })}
              </Text>
              <Textarea label={t('messageAr')} dir="rtl" rows={7} value={settings.messageAr} onChange={(e) => set({ messageAr: e.currentTarget.value })} />
              <Textarea label={t('messageEn')} dir="ltr" rows={7} value={settings.messageEn} onChange={(e) => set({ messageEn: e.currentTarget.value })} />
              <OrderConfirmationTemplateField value={settings.whatsappTemplate} onChange={(whatsappTemplate) => set({ whatsappTemplate })} />
              {saved && <Alert color="green">{t('saved')}</Alert>}
              {error && <Alert color="red">{error}</Alert>}
              <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                {t('save')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
