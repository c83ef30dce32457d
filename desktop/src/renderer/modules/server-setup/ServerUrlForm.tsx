import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { DEFAULT_SERVER_URL, isUnencryptedRemoteServer, serverUrlSchema } from '@crm/common';
import { CircleAlert, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid URL');
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
    setProblem(`Could not reach the server at ${serverUrl}. Check the address and that the server is running.`);
    setUnreachableSaved(true);
    setSaving(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {unencrypted && (
          <Alert color="red" variant="light" icon={<ShieldAlert size={18} />} role="alert" title="This connection is not encrypted">
            <Stack gap="sm">
              <span>
                {unencrypted} uses http, not https: anyone on the network could read your password and your customers&apos; messages.
                Ask your administrator for an https address.
              </span>
              <Group gap="sm">
                <Button size="xs" color="red" variant="light" onClick={() => void save(unencrypted, true)}>
                  Connect without encryption
                </Button>
                <Button size="xs" variant="default" onClick={() => setUnencrypted(null)}>
                  Change the address
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
          label="Server URL"
          description="The address of your company's CRM server."
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
              Cancel
            </Button>
          )}
          {unreachableSaved && (
            <Button variant="default" onClick={onSaved}>
              Continue anyway
            </Button>
          )}
          <Button type="submit" loading={saving}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
