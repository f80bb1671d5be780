import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { FullPage, Muted, Title } from '../../ui/FullPage.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';

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

export function NotPermittedScreen({ country, ip }: { country: string; ip: string }) {
  return (
    <FullPage state="not-permitted">
      <Title>
        <Trans>Access not permitted</Trans>
      </Title>
      <Muted>
        <Trans>
          We see that you are connecting from {country} with {ip} address. Unfortunately, you are not among the
          permitted countries.
        </Trans>
      </Muted>
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

export function NoWebRtcScreen() {
  return (
    <FullPage state="no-webrtc">
      <Title>
        <Trans>Your browser does not support WebRTC technology</Trans>
      </Title>
      <Hints>
        <li>
          <Trans>Make sure WebRTC is enabled in your browser settings.</Trans>
        </li>
        <li>
          <Trans>Some VPNs do not support WebRTC; turn yours off and reload the page.</Trans>
        </li>
        <li>
          <Trans>For a better experience, Google Chrome or Apple Safari should be used.</Trans>
        </li>
      </Hints>
    </FullPage>
  );
}

const Hints = styled.ul`
  margin: 0;
  padding-inline-start: 20px;
  text-align: start;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Banner for browsers other than Chrome or Safari. */
export function BrowserNotice() {
  return (
    <Notice role="note">
      <Trans>For a better experience, Google Chrome or Apple Safari should be used.</Trans>
    </Notice>
  );
}

const Notice = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;
