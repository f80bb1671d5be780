import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FullPage, Muted, Title } from '../../../ui/FullPage.tsx';

export function Error404Page() {
  return (
    <FullPage state="error-404">
      <Title>404</Title>
      <Muted>
        <Trans>Sorry but we could not find the page you are looking for</Trans>
      </Muted>
      <Link to="/lobby">
        <Trans>Go back to the lobby</Trans>
      </Link>
    </FullPage>
  );
}
