import { AuthPageShell } from '../auth/components/AuthPageShell';
import { ServerUrlForm } from './ServerUrlForm';

/** First run of the desktop app: which server should it talk to? */
export function ServerSetupPage({ onSaved }: { onSaved: () => void }) {
  return (
    <AuthPageShell title="Connect to your server" subtitle="Enter the address of your company's CRM server to get started.">
      <ServerUrlForm onSaved={onSaved} />
    </AuthPageShell>
  );
}
