import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginRequest } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useDemoMode } from '../demo-credentials';

interface CredentialsFormProps {
  submitLabel: string;
  /** Spec: the button text changes while signing in. */
  submittingLabel: string;
  /** The catalogue key of the text shown when the error has no text of its own, e.g. 'auth:loginFailed'. */
  fallbackErrorKey: string;
  /** Filled in only when the server runs in demo mode. */
  demoCredentials: LoginRequest;
  /** Throws on failure; the thrown ApiError is shown by its code (errorMessage). */
  onSubmit: (credentials: LoginRequest) => Promise<void>;
}

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

/** Email and password form shared by the company login and the super login. */
export function CredentialsForm({ submitLabel, submittingLabel, fallbackErrorKey, demoCredentials, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const touched = useRef(false);
  const demo = useDemoMode();

  useEffect(() => {
    // Never overwrite what the user already typed.
    if (demo && !touched.current) {
      setEmail(demoCredentials.email);
      setPassword(demoCredentials.password);
    }
  }, [demo, demoCredentials.email, demoCredentials.password]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t('form.emailRequired');
    if (!password) errors.password = t('form.passwordRequired');
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setError(null);
    setSubmitting(true);
    try {
      await onSubmit({ email: email.trim(), password });
    } catch (failure) {
      setError(errorMessage(failure, fallbackErrorKey));
      setSubmitting(false);
    }
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    touched.current = true;
    setter(value);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="username"
          placeholder={t('form.emailPlaceholder')}
          required
          value={email}
          onChange={(event) => edit(setEmail)(event.currentTarget.value)}
          // a field the user is in is theirs: a demo prefill landing mid-typing would add to their text
          onFocus={() => (touched.current = true)}
          error={fieldErrors.email}
          data-autofocus
        />
        <PasswordInput
          label={t('form.password')}
          autoComplete="current-password"
          placeholder={t('form.passwordPlaceholder')}
          required
          value={password}
          onChange={(event) => edit(setPassword)(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
