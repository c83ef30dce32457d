import { Anchor, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { isDesktop } from '../../lib/bridge';
import { getServerOrigin } from '../../lib/server-origin';
import { ServerUrlForm } from './ServerUrlForm';

/** Desktop only: shows which server the app talks to, with a way to change it. */
export function ServerLine() {
  if (!isDesktop()) return null;
  const current = getServerOrigin();

  const change = () => {
    const id = modals.open({
      title: 'Change server',
      children: (
        <ServerUrlForm
          initialUrl={current}
          onCancel={() => modals.close(id)}
          // A reload picks up the new server for the API proxy, the socket and the security policy.
          onSaved={() => window.location.reload()}
        />
      ),
    });
  };

  return (
    <Text size="sm" c="dimmed" ta="center" mb="xs">
      Server: {current}{' '}
      <Anchor component="button" type="button" size="sm" onClick={change}>
        Change
      </Anchor>
    </Text>
  );
}

