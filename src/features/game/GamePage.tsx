import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { FullPage, Muted, Title } from '../../ui/FullPage.tsx';

/** The game screen hides all chrome; live play arrives with the machine floor. */
export function GamePage() {
  const { gameId } = useParams({ from: '/game/$gameId/$name' });
  return (
    <FullPage state="game">
      <Title>
        <Trans>Machine {gameId}</Trans>
      </Title>
      <Muted>
        <Trans>Live play is not open yet.</Trans>
      </Muted>
      <Link to="/lobby">
        <Trans>Back to the lobby</Trans>
      </Link>
    </FullPage>
  );
}
