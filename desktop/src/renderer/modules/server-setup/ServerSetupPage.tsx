import { useTranslation } from 'react-i18next';
import { AuthPageShell } from '../auth/components/AuthPageShell';
import { ServerUrlForm } from './ServerUrlForm';

/** First run of the desktop app: which server should it talk to? */
export function ServerSetupPage({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('setup');
  return (
    <AuthPageShell title={t('title')} subtitle={t('subtitle')}>
      <ServerUrlForm onSaved={onSaved} />
    </AuthPageShell>
  );
}
