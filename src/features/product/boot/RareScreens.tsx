import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../../../machines/auth.ts';
import { selectFailure } from '../../../../machines/auth.selectors.ts';
import { Button } from '../../../ui/Button.tsx';
import { FullPage, Muted, Title } from '../../../ui/FullPage.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { failureText } from '../errors/codeMessages.ts';

/*
 * Screens few visitors ever see — a country not permitted, no WebRTC, no network, a new version
 * waiting, a login kept while the server does not answer, another browser's notice — loaded only when one is needed, so /login's first load does not carry them.
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

/** The kept login could not be checked yet (no answer): it is kept, and asked about again. */
export function ReconnectingScreen({ auth }: { auth: ActorRefFrom<AuthMachine> }) {
  const { t, i18n } = useLingui();
  // An operator's coded failure (70000…) is said in its words; plain silence needs none.
  const failure = useSelector(auth, selectFailure);
  return (
    <FullPage state="reconnecting">
      <Title role="status">
        <Trans>No answer from the server. Reconnecting...</Trans>
      </Title>
      {failure && failure.code !== null && <Muted role="alert">{failureText(i18n, failure)}</Muted>}
      <ProgressBar label={t`Reconnecting...`} />
    </FullPage>
  );
}

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
