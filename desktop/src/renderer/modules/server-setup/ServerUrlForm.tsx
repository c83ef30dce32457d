import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { DEFAULT_SERVER_URL, isUnencryptedRemoteServer, serverUrlSchema } from '@crm/common';
import { CircleAlert, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../lib/bridge';
import { checkServer } from './check-server';

interface ServerUrlFormProps {
  initialUrl?: string | null;
  /** Called once the URL is saved (the caller reloads the app so it talks to the new server). */
  onSaved: () => void;
  onCancel?: () => void;
}

/** Asks for the CRM server's address (desktop only; a browser is always on its own server). */
export function ServerUrlForm({ initialUrl, onSaved, onCancel }: ServerUrlFormProps) {
  const { t } = useTranslation('setup');
  const [url, setUrl] = useState(initialUrl ?? DEFAULT_SERVER_URL);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [unreachableSaved, setUnreachableSaved] = useState(false);
  // a plain-http address of another machine waits for the user's explicit confirmation
  const [unencrypted, setUnencrypted] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = serverUrlSchema.safeParse(url);
    if (!parsed.success) {
      setFieldError(url.trim() ? t('form.httpOnly') : t('form.required'));
      return;
    }
    setFieldError(null);
    setProblem(null);
    if (isUnencryptedRemoteServer(parsed.data)) {
      setUnencrypted(parsed.data);
      return;
    }
    await save(parsed.data, false);
  };

  const save = async (serverUrl: string, allowUnencrypted: boolean) => {
    setUnencrypted(null);
    setSaving(true);
    const saved = await bridge.updateSettings(allowUnencrypted ? { serverUrl, allowUnencrypted: true } : { serverUrl });
    if (!saved.ok) {
      setProblem(saved.error);
      setSaving(false);
      return;
    }
    if (await checkServer()) {
      onSaved();
      return;
    }
    setProblem(t('form.unreachable', { url: serverUrl }));
    setUnreachableSaved(true);
    setSaving(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {unencrypted && (
          <Alert color="red" variant="light" icon={<ShieldAlert size={18} />} role="alert" title={t('form.unencryptedTitle')}>
            <Stack gap="sm">
              <span>{t('form.unencryptedText', { url: unencrypted })}</span>
              <Group gap="sm">
                <Button size="xs" color="red" variant="light" onClick={() => void save(unencrypted, true)}>
                  {t('form.connectUnencrypted')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setUnencrypted(null)}>
                  {t('form.changeAddress')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {problem && (
          <Alert color="orange" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('form.url')}
          description={t('form.urlHint')}
          placeholder={DEFAULT_SERVER_URL}
          required
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
          {unreachableSaved && (
            <Button variant="default" onClick={onSaved}>
              {t('form.continueAnyway')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {t('form.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
