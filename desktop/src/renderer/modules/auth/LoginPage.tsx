import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { appConfig } from '../../lib/config';
import { ERROR_TEXTS } from '../../lib/error-catalogue';
import { ServerLine } from '../server-setup/ServerLine';
import { AuthPageShell } from './components/AuthPageShell';
import { CredentialsForm } from './components/CredentialsForm';
import { ProductPitch } from './components/ProductPitch';
import { DEMO_CREDENTIALS } from './demo-credentials';
import { useAuthStore } from './store';

/** Spec/core.md §2 "Sign-in": after success the guard sends the user on to / (or where they were going). */
export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  return (
    <AuthPageShell
      title="Sign in"
      subtitle="Welcome back! Sign in to your account."
      aside={<ProductPitch />}
      footer={
        <>
          <ServerLine />
          <Text size="sm" c="dimmed" ta="center" hiddenFrom="md">
            New company or need help?{' '}
            <Anchor href={appConfig.supportWhatsAppUrl} target="_blank" rel="noopener noreferrer">
              Contact us on WhatsApp
            </Anchor>
          </Text>
        </>
      }
    >
      <CredentialsForm
        submitLabel="Sign In"
        submittingLabel="Signing in..."
        fallbackError={ERROR_TEXTS.loginFailed}
        demoCredentials={DEMO_CREDENTIALS.company}
        onSubmit={async (credentials) => {
          await login(credentials);
          const warning = useAuthStore.getState().rememberWarning;
          if (warning) notifications.show({ color: 'yellow', message: warning });
        }}
      />
    </AuthPageShell>
  );
}
