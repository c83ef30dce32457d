import { Anchor, Text } from '@mantine/core';
import { appConfig } from '../../lib/config';
import { ServerLine } from '../server-setup/ServerLine';
import { useTranslation } from 'react-i18next';
import { AuthPageShell } from './components/AuthPageShell';
import { CredentialsForm } from './components/CredentialsForm';
import { LanguageSwitch } from './components/LanguageSwitch';
import { ProductPitch } from './components/ProductPitch';
import { DEMO_CREDENTIALS } from './demo-credentials';
import { useAuthStore } from './store';
import { showToast } from '../../lib/show-toast';

/** Sign-in: after success the guard sends the user on to / (or where they were going). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const login = useAuthStore((state) => state.login);
  return (
    <AuthPageShell
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      aside={<ProductPitch />}
      corner={<LanguageSwitch />}
      footer={
        <>
          <ServerLine />
          <Text size="sm" c="dimmed" ta="center" hiddenFrom="md">
            {t('help.question')}{' '}
            <Anchor href={appConfig.supportWhatsAppUrl} target="_blank" rel="noopener noreferrer">
              {t('help.contact')}
            </Anchor>
          </Text>
        </>
      }
    >
      <CredentialsForm
        submitLabel={t('signIn.submit')}
        submittingLabel={t('signIn.submitting')}
        fallbackErrorKey="auth:loginFailed"
        demoCredentials={DEMO_CREDENTIALS.company}
        onSubmit={async (credentials) => {
          await login(credentials);
          const warning = useAuthStore.getState().rememberWarning;
          if (warning) showToast({ color: 'yellow', message: warning });
        }}
      />
    </AuthPageShell>
  );
}
