import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../ui/Button.tsx';
import { FullPage, Title } from '../../../ui/FullPage.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';

/** Full-page 'Loading...' with a progress bar (settings and catalogs on their way). */
export function LoadingScreen() {
  const { t } = useLingui();
  return (
    <FullPage state="loading">
      <Title>
        <Trans>Loading...</Trans>
      </Title>
      <ProgressBar label={t`Loading...`} />
    </FullPage>
  );
}

/** Shown until auto-login, login, auto-logout or no-token completes. */
export function SplashScreen() {
  const { t } = useLingui();
  return (
    <FullPage state="splash">
      <ProgressBar label={t`Starting Reelside`} />
    </FullPage>
  );
}

export function CheckingIpScreen() {
  const { t } = useLingui();
  return (
    <FullPage state="checking-ip">
      <Title>
        <Trans>Checking your IP...</Trans>
      </Title>
      <ProgressBar label={t`Checking your IP...`} />
    </FullPage>
  );
}

/** SPEC §7: a non-200 answer of the IP check. */
export function NetworkErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <FullPage state="network-error">
      <Title role="alert">
        <Trans>error on network connection please reflesh your page</Trans>
      </Title>
      <Button type="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </FullPage>
  );
}
