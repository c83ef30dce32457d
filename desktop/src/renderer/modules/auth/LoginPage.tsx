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
import type { Language } from '@crm/common';
import { applyPreferences } from '../../i18n';
import { readSignInShell, removeSignInShell } from '../../sign-in-shell/take-over';
import { useLayoutEffect, useState } from 'react';

/** Sign-in: after success the guard sends the user on to / (or where they were going). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const login = useAuthStore((state) => state.login);
  // what the visitor typed into the screen drawn before the app arrived (index.html), if any
  const [typedBefore] = useState(readSignInShell);
  useLayoutEffect(() => {
    removeSignInShell();
    if (typedBefore?.language) applyPreferences({ language: typedBefore.language as Language });
  }, [typedBefore]);
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
        typedBefore={typedBefore}
        onSubmit={async (credentials) => {
          await login(credentials);
          const warning = useAuthStore.getState().rememberWarning;
          if (warning) showToast({ color: 'yellow', message: warning });
        }}
      />
    </AuthPageShell>
  );
}
