import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FullPage, Muted, Title } from '../../../ui/FullPage.tsx';

/** Template pages without the app chrome, open to everyone (SPEC §2 leftovers). */

export function ComingSoonPage() {
  return (
    <FullPage state="coming-soon">
      <Title>
        <Trans>Coming soon!</Trans>
      </Title>
      <Muted>
        <Trans>We are working on something new. Check back later.</Trans>
      </Muted>
      <Link to="/lobby">
        <Trans>Go back to the lobby</Trans>
      </Link>
    </FullPage>
  );
}

export function Error500Page() {
  return (
    <FullPage state="error-500">
      <Title>500</Title>
      <Muted>
        <Trans>Well, you broke the internet!</Trans>
      </Muted>
      <Muted>
        <Trans>Just kidding, looks like we have an internal issue, please try again in couple minutes</Trans>
      </Muted>
      <Link to="/lobby">
        <Trans>Go back to the lobby</Trans>
      </Link>
    </FullPage>
  );
}

export function GuestRoleExamplePage() {
  return (
    <FullPage state="guest-role-example">
      <Title>
        <Trans>Guest role example</Trans>
      </Title>
      <Muted>
        <Trans>Only visitors who are not signed in can see this page; a signed-in player is sent to the start page.</Trans>
      </Muted>
      <Link to="/login">
        <Trans>Sign in</Trans>
      </Link>
    </FullPage>
  );
}
