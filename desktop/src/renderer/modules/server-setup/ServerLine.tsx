import { Anchor, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isDesktop } from '../../lib/bridge';
import { getServerOrigin } from '../../lib/server-origin';
import { Ltr } from '../../ui/Ltr';

// fetched when the user asks to change the server: it checks the address with zod, which the
// sign-in screen otherwise does not need
const ServerUrlForm = lazy(() => import('./ServerUrlForm').then((module) => ({ default: module.ServerUrlForm })));

/** Desktop only: shows which server the app talks to, with a way to change it. */
export function ServerLine() {
  const { t } = useTranslation('setup');
  if (!isDesktop()) return null;
  const current = getServerOrigin();

  // the dialog code (Modal, its scroll area) is fetched on the click, not with the sign-in screen
  const change = async () => {
    const { modals } = await import('@mantine/modals');
    const id = modals.open({
      title: t('line.changeTitle'),
      children: (
        <Suspense
          fallback={
            <Center mih={120}>
              <Loader />
            </Center>
          }
        >
          <ServerUrlForm
            initialUrl={current}
            onCancel={() => modals.close(id)}
            // A reload picks up the new server for the API proxy, the socket and the security policy.
            onSaved={() => window.location.reload()}
          />
        </Suspense>
      ),
    });
  };

  return (
    <Text size="sm" c="dimmed" ta="center" mb="xs">
      {t('line.server')} <Ltr>{current}</Ltr>{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => void change()}>
        {t('line.change')}
      </Anchor>
    </Text>
  );
}
