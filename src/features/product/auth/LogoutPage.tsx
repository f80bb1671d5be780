import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { FullPage, Title } from '../../../ui/FullPage.tsx';
import { useAuthActor } from '../../viewRuntime.tsx';

/** /logout dispatches the logout and says so; the guards move on once the role is gone. */
export function LogoutPage() {
  const auth = useAuthActor();
  useEffect(() => {
    auth.send({ type: 'user.logout' });
  }, [auth]);
  return (
    <FullPage state="logging-out">
      <Title>
        <Trans>Logging out..</Trans>
      </Title>
    </FullPage>
  );
}
