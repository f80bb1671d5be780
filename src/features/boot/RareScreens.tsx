import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { FullPage, Muted, Title } from '../../ui/FullPage.tsx';

/*
 * Screens few visitors ever see — a country not permitted, no WebRTC, no network, a new version
 * waiting — loaded only when one is needed, so /login's first load does not carry them.
 */

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

/** No network when the app starts (the installed shell came from the service worker). */
export function OfflineScreen() {
  return (
    <FullPage state="offline">
      <Title role="alert">
        <Trans>You are offline</Trans>
      </Title>
      <Muted>
        <Trans>Reelside needs the network to show the machines. It carries on by itself once you are back online.</Trans>
      </Muted>
    </FullPage>
  );
}

/** A new version of the app is installed: the player reloads into it when it suits them. */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <Update role="status">
      <span>
        <Trans>A new version of Reelside is ready.</Trans>
      </span>
      <Button type="button" onClick={onReload}>
        <Trans>Reload</Trans>
      </Button>
    </Update>
  );
}

const Update = styled.div`
  position: fixed;
  inset-inline: 12px;
  bottom: calc(12px + env(safe-area-inset-bottom));
  z-index: 1200;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  max-width: 480px;
  margin-inline: auto;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;
