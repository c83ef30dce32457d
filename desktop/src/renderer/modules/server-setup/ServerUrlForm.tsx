import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { DEFAULT_SERVER_URL, serverUrlSchema } from '@crm/common';
import { CircleAlert } from 'lucide-react';
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = serverUrlSchema.safeParse(url);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid URL');
      return;
    }
    setFieldError(null);
    setProblem(null);
    setSaving(true);
    const saved = await bridge.updateSettings({ serverUrl: parsed.data });
    if (!saved.ok) {
      setProblem(saved.error);
      setSaving(false);
      return;
    }
    if (await checkServer()) {
      onSaved();
      return;
    }
    setProblem(`Could not reach the server at ${parsed.data}. Check the address and that the server is running.`);
    setUnreachableSaved(true);
    setSaving(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
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
