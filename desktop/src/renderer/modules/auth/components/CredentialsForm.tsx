import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginRequest } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useDemoMode } from '../demo-credentials';
import type { SignInShellInput } from '../../../sign-in-shell/take-over';

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
  /** What was typed into the sign-in screen drawn before the app arrived: kept, the caret too. */
  typedBefore?: SignInShellInput | null;
}

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

/** Email and password form shared by the company login and the super login. */
export function CredentialsForm({ submitLabel, submittingLabel, fallbackErrorKey, demoCredentials, onSubmit, typedBefore }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(typedBefore?.email ?? '');
  const [password, setPassword] = useState(typedBefore?.password ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const touched = useRef(Boolean(typedBefore && (typedBefore.email || typedBefore.password || typedBefore.focus)));
  const demo = useDemoMode();
  const form = useRef<HTMLFormElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  // typing goes on in the field it was in, in the frame that replaces the early screen
  useLayoutEffect(() => {
    if (typedBefore?.focus === 'email') emailField.current?.focus();
    if (typedBefore?.focus === 'password' && passwordField.current) {
      passwordField.current.focus();
      if (typedBefore.passwordSelection) passwordField.current.setSelectionRange(...typedBefore.passwordSelection);
    }
    // a Sign In pressed before the app was here: signed in now, with what was typed
    if (typedBefore?.submit) form.current?.requestSubmit();
  }, [typedBefore]);

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
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
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
          ref={emailField}
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
          ref={passwordField}
        />
        <Button type="submit" size="md" fullWidth disabled={submitting} mt="xs">
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
