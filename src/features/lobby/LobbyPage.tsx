import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useAuthActor } from '../runtime.tsx';

/** The lobby of brands and machines arrives with the machine floor; for now it greets the player. */
export function LobbyPage() {
  const name = useSelector(useAuthActor(), (s) => s.context.session?.user.name ?? '');
  return (
    <PageHeader title={<Trans>Lobby</Trans>}>
      <p>
        <Trans>Welcome, {name}. The machine floor opens here.</Trans>
      </p>
    </PageHeader>
  );
}
