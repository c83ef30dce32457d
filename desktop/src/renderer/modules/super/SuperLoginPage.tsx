import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthPageShell } from '../auth/components/AuthPageShell';
import { CredentialsForm } from '../auth/components/CredentialsForm';
import { LanguageSwitch } from '../auth/components/LanguageSwitch';
import { DEMO_CREDENTIALS } from '../auth/demo-credentials';
import { ServerLine } from '../server-setup/ServerLine';
import { useSuperStore } from './store';

/** Super login: email and password; on success go to /super/dashboard. */
export function SuperLoginPage() {
  const login = useSuperStore((state) => state.login);
  const navigate = useNavigate();
  const { t } = useTranslation('super');
  return (
    <AuthPageShell title={t('login.title')} subtitle={t('login.subtitle')} corner={<LanguageSwitch />} footer={<ServerLine />}>
      <CredentialsForm
        submitLabel={t('login.submit')}
        submittingLabel={t('login.submitting')}
        fallbackErrorKey="auth:loginFailed"
        demoCredentials={DEMO_CREDENTIALS.super}
        onSubmit={async (credentials) => {
          await login(credentials);
          void navigate('/super/dashboard', { replace: true });
        }}
      />
    </AuthPageShell>
  );
}
