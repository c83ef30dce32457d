import { useNavigate } from 'react-router-dom';
import { AuthPageShell } from '../auth/components/AuthPageShell';
import { CredentialsForm } from '../auth/components/CredentialsForm';
import { DEMO_CREDENTIALS } from '../auth/demo-credentials';
import { ERROR_TEXTS } from '../../lib/error-catalogue';
import { ServerLine } from '../server-setup/ServerLine';
import { useSuperStore } from './store';

/** Spec/admin.md §2 "Super login": email and password; on success go to /super/dashboard. */
export function SuperLoginPage() {
  const login = useSuperStore((state) => state.login);
  const navigate = useNavigate();
  return (
    <AuthPageShell title="Super Admin Login" subtitle="Platform administration for all companies." footer={<ServerLine />}>
      <CredentialsForm
        submitLabel="Login"
        submittingLabel="Logging in..."
        fallbackError={ERROR_TEXTS.loginFailed}
        demoCredentials={DEMO_CREDENTIALS.super}
        onSubmit={async (credentials) => {
          await login(credentials);
          navigate('/super/dashboard', { replace: true });
        }}
      />
    </AuthPageShell>
  );
}
