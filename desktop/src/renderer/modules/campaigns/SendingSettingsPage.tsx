import { Alert, Button, Card, Checkbox, Group, NumberInput, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { PageHeader } from '../../ui/PageHeader';
import { OrderConfirmationSettingsCard } from '../order-confirmations/OrderConfirmationSettingsCard';
import { campaignsApi, type SendingSettingsView } from './api';

/** Settings → Sending (admins): the pace of automated messages and the opt-out replies. */
export function SendingSettingsPage() {
  const { t } = useTranslation('campaigns');
  const query = useQuery((signal) => campaignsApi.settings(signal), [], { errorText: (failure) => errorMessage(failure, 'campaigns:settings.loadFailed') });
  // the form edits the loaded settings in place; the saved ones replace them
  const { data: settings, setData: setSettings } = query;
  const [restartWarmUp, setRestartWarmUp] = useState(false);
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
      const { today: _today, ...input } = settings;
      setSettings(await campaignsApi.saveSettings({ ...input, restartWarmUp }));
      setRestartWarmUp(false);
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, 'campaigns:settings.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<SendingSettingsView>) => settings && setSettings({ ...settings, ...patch });
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.intro')} />
      {!settings ? (
        query.error ? (
          <LoadError error={query.error} onRetry={query.reload} />
        ) : (
          <Text>{t('common:loading')}</Text>
        )
      ) : (
        <Card padding="lg" maw={720}>
          <form onSubmit={(e) => void submit(e)}>
            <Stack>
              <Text size="sm" c="dimmed">
                {t('settings.today', { sent: formatNumber(settings.today.sent), limit: formatNumber(settings.today.limit) })}
              </Text>
              <NumberInput label={t('settings.dailyCap')} description={t('settings.dailyCapHelp')} min={1} max={10000} value={settings.dailyCap} onChange={(v) => set({ dailyCap: whole(v) })} />
              <Title order={2} size="h5">
                {t('settings.interval')}
              </Title>
              <Group grow>
                <NumberInput label={t('settings.min')} min={1} max={3600} value={settings.minIntervalSeconds} onChange={(v) => set({ minIntervalSeconds: whole(v) })} />
                <NumberInput label={t('settings.max')} min={1} max={3600} value={settings.maxIntervalSeconds} onChange={(v) => set({ maxIntervalSeconds: whole(v) })} />
              </Group>
              <Title order={2} size="h5">
                {t('settings.hours')}
              </Title>
              <Group grow>
                <TextInput
                  type="time"
                  label={t('settings.hoursFrom')}
                  value={settings.sendingHours.from}
                  onChange={(e) => set({ sendingHours: { ...settings.sendingHours, from: e.currentTarget.value } })}
                />
                <TextInput
                  type="time"
                  label={t('settings.hoursTo')}
                  value={settings.sendingHours.to}
                  onChange={(e) => set({ sendingHours: { ...settings.sendingHours, to: e.currentTarget.value } })}
                />
                <TextInput label={t('settings.timeZone')} value={settings.timeZone} onChange={(e) => set({ timeZone: e.currentTarget.value })} />
              </Group>
              <Switch
                label={t('settings.warmUp')}
                description={t('settings.warmUpHelp')}
                checked={settings.warmUp.enabled}
                onChange={(e) => set({ warmUp: { ...settings.warmUp, enabled: e.currentTarget.checked } })}
              />
              {settings.warmUp.enabled && (
                <>
                  <Group grow>
                    <NumberInput label={t('settings.startCap')} min={1} value={settings.warmUp.startCap} onChange={(v) => set({ warmUp: { ...settings.warmUp, startCap: whole(v) } })} />
                    <NumberInput label={t('settings.dailyIncrease')} min={0} value={settings.warmUp.dailyIncrease} onChange={(v) => set({ warmUp: { ...settings.warmUp, dailyIncrease: whole(v) } })} />
                  </Group>
                  <Checkbox label={t('settings.restartWarmUp')} checked={restartWarmUp} onChange={(e) => setRestartWarmUp(e.currentTarget.checked)} />
                </>
              )}
              <Group grow>
                <NumberInput label={t('settings.failureThreshold')} min={1} max={100} value={settings.failureThreshold} onChange={(v) => set({ failureThreshold: whole(v) })} />
                <NumberInput label={t('settings.failureWindow')} min={1} max={100} value={settings.failureWindow} onChange={(v) => set({ failureWindow: whole(v) })} />
              </Group>
              <TagsInput label={t('settings.optOut')} description={t('settings.optOutHelp')} value={settings.optOutKeywords} onChange={(optOutKeywords) => set({ optOutKeywords })} />
              {saved && <Alert color="green">{t('settings.saved')}</Alert>}
              {error && <Alert color="red">{error}</Alert>}
              <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                {t('settings.save')}
              </Button>
            </Stack>
          </form>
        </Card>
      )}
      <OrderConfirmationSettingsCard />
    </>
  );
}
