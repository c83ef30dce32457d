import { Alert, Button, Card, NumberInput, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { LOST_REASONS_MAX, LOST_REASON_MAX_LENGTH, PIPELINE_STATUSES, STALE_DAYS_MAX } from '@crm/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { dealBoardApi } from './api';
import { STATUS_KEYS } from './status-keys';

/** Settings → Pipeline (admins): days a deal may sit in each status before it is marked stale, and the lost reasons. */
export function PipelineSettingsCard() {
  const { t } = useTranslation('dealBoard');
  // no form until the company's own settings are here: empty ones saved would wipe its lost reasons
  const query = useQuery((signal) => dealBoardApi.settings(signal), [], { errorText: (failure) => errorMessage(failure, 'dealBoard:settings.loadFailed') });
  const { data: settings, setData: setSettings } = query;
  const [message, setMessage] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    setMessage(null);
    try {
      setSettings(await dealBoardApi.saveSettings(settings));
      setMessage({ color: 'green', text: t('settings.saved') });
    } catch (failure) {
      setMessage({ color: 'red', text: errorMessage(failure, 'dealBoard:settings.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="lg" maw={640} mt="lg" component="section" aria-labelledby="pipeline-settings-title">
      <Title order={2} size="h4" id="pipeline-settings-title">
        {t('settings.title')}
      </Title>
      {!settings ? (
        query.error ? (
          <LoadError error={query.error} onRetry={query.reload} />
        ) : (
          <Text>{t('common:loading')}</Text>
        )
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <Stack mt="sm">
            <Text size="sm" c="dimmed">
              {t('settings.staleHelp')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {PIPELINE_STATUSES.map((status) => (
                <NumberInput
                  key={status}
                  label={t(STATUS_KEYS[status])}
                  placeholder={t('settings.never')}
                  min={1}
                  max={STALE_DAYS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  value={settings.staleDays[status] ?? ''}
                  onChange={(value) => setSettings({ ...settings, staleDays: { ...settings.staleDays, [status]: typeof value === 'number' ? value : null } })}
                />
              ))}
            </SimpleGrid>
            <TagsInput
              label={t('settings.lostReasons')}
              description={t('settings.lostReasonsHelp')}
              value={settings.lostReasons}
              onChange={(lostReasons) => setSettings({ ...settings, lostReasons: lostReasons.map((r) => r.slice(0, LOST_REASON_MAX_LENGTH)) })}
              maxTags={LOST_REASONS_MAX}
              clearable
            />
            {message && <Alert color={message.color}>{message.text}</Alert>}
            <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
              {t('settings.save')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
