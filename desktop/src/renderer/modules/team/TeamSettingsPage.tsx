import { Alert, Button, Card, Radio, Stack, Switch, Text } from '@mantine/core';
import type { TenantSettings } from '@crm/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { PageHeader } from '../../ui/PageHeader';
import { PipelineSettingsCard } from '../deal-board/PipelineSettingsCard';
import { teamApi } from './api';

/** The settings-saved message hides after 3 seconds. */
export const SAVED_MESSAGE_MS = 3_000;

/** Team settings: the lead distribution strategy, round-robin or manual, and whether reps may hand their chats over (route guarded by 'team.manage'). */
export function TeamSettingsPage() {
  const { t } = useTranslation('teamSettings');
  // no form until the company's own settings are here: made-up ones could be saved over them
  const query = useQuery((signal) => teamApi.getSettings(signal).then((answer) => answer.settings), [], {
    errorText: (failure) => errorMessage(failure, 'teamSettings:loadFailed'),
  });
  const { data: settings, setData: setSettings } = query;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    setSaveError(null);
    setSaved(false);
    clearTimeout(hideTimer.current);
    try {
      setSettings((await teamApi.saveSettings(settings)).settings);
      setSaved(true);
      hideTimer.current = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    } catch (failure) {
      setSaveError(errorMessage(failure, 'teamSettings:saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <Card padding="lg" maw={640}>
        {!settings ? (
          query.error ? (
            <LoadError error={query.error} onRetry={query.reload} />
          ) : (
            <Text>{t('common:loading')}</Text>
          )
        ) : (
          <form onSubmit={(e) => void submit(e)}>
            <Stack>
              <Radio.Group
                label={t('strategy.label')}
                value={settings.leadDistributionStrategy}
                onChange={(value) => setSettings({ ...settings, leadDistributionStrategy: value as TenantSettings['leadDistributionStrategy'] })}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="round-robin" label={t('strategy.roundRobin')} description={t('strategy.roundRobinHelp')} />
                  <Radio value="manual" label={t('strategy.manual')} description={t('strategy.manualHelp')} />
                </Stack>
              </Radio.Group>
              <Switch
                label={t('skipOffline.label')}
                description={t('skipOffline.help')}
                checked={settings.skipOfflineReps}
                disabled={settings.leadDistributionStrategy !== 'round-robin'}
                onChange={(e) => setSettings({ ...settings, skipOfflineReps: e.currentTarget.checked })}
              />
              <Switch
                label={t('handOver.label')}
                description={t('handOver.help')}
                checked={settings.repsMayHandOver}
                onChange={(e) => setSettings({ ...settings, repsMayHandOver: e.currentTarget.checked })}
              />
              {saved && <Alert color="green">{t('saved')}</Alert>}
              {saveError && <Alert color="red">{saveError}</Alert>}
              <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                {t('save')}
              </Button>
            </Stack>
          </form>
        )}
      </Card>
      <PipelineSettingsCard />
    </>
  );
}
