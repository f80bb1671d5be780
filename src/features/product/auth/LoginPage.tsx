import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { isRecommendedBrowser } from '../../../ui/browser.ts';
import { Button } from '../../../ui/Button.tsx';
import { FullPage, Muted, Title } from '../../../ui/FullPage.tsx';
import { Logo } from '../../../ui/Logo.tsx';
import type { Settings } from '../../../../protocol/settings.ts';
import type { Credentials } from '../../../../machines/auth.ts';
import type { Failure } from '../../../../machines/failure.ts';
import { useAuthActor, useSettings } from '../../viewRuntime.tsx';
import { loginDraft } from './loginDraft.ts';
import { LoginForm } from './LoginForm.tsx';
import { selectLoginFailure, selectSubmitting } from '../../../../machines/auth.selectors.ts';

// Only browsers other than Chrome or Safari see it: it loads with the rare screens.
const BrowserNotice = lazy(() => import('../boot/RareScreens.tsx').then((m) => ({ default: m.BrowserNotice })));

export function LoginPage() {
  const settings = useSettings();
  const auth = useAuthActor();
  const submitting = useSelector(auth, selectSubmitting);
  // Failures of the form's own login, and the idle lock's logout after too many wrong PINs
  // (10705); the others are toasts (AuthToasts).
  const failure = useSelector(auth, selectLoginFailure);
  // A Login pressed on the first form before the app had booted — or on the first form still
  // covering this page as it comes: sent now, once.
  const pending = useSyncExternalStore(loginDraft.subscribe, () => loginDraft.current().pending !== null);
  useEffect(() => {
    if (!pending) return;
    const credentials = loginDraft.takePending();
    if (credentials) auth.send({ type: 'user.login', credentials });
  }, [auth, pending]);
  // Signed in: the draft is done with (the form after a logout starts empty). Kept through a
  // refused login, which the player corrects in place.
  useEffect(() => {
    const started = auth.on('session.started', () => loginDraft.clear());
    return () => started.unsubscribe();
  }, [auth]);
  return (
    <LoginView
      settings={settings}
      submitting={submitting}
      failure={failure}
      onSubmit={(credentials) => auth.send({ type: 'user.login', credentials })}
      onEdit={() => failure && auth.send({ type: 'user.dismissFailure' })}
    />
  );
}

/**
 * The login screen before the app has booted: painted from HTML at build time (src/app/prerender.tsx),
 * hydrated as the app's first screen, shown until the router's login page takes over. A Login
 * pressed here waits in the draft for the login page (it shows as signing in meanwhile).
 */
export function FirstLoginPage({ settings }: { settings: Settings }) {
  const waiting = useSyncExternalStore(loginDraft.subscribe, () => loginDraft.current().pending !== null, () => false);
  return <LoginView first settings={settings} submitting={waiting} failure={null} onSubmit={(credentials) => loginDraft.update({ pending: credentials })} />;
}

interface LoginViewProps {
  /** The first login (painted, then hydrated): marked so, for whoever waits for the take-over. */
  first?: boolean;
  settings: Settings;
  submitting: boolean;
  failure: Failure | null;
  onSubmit: (credentials: Credentials) => void;
  onEdit?: () => void;
}

function LoginView({ first = false, settings, submitting, failure, onSubmit, onEdit }: LoginViewProps) {
  // wa.me takes the number as digits only: no '+', spaces or dashes.
  const whatsapp = settings.CONTACT_WHATSAPP.replace(/\D/g, '');
  const [opened, setOpened] = useState(!settings.LOGIN_SPLASH);
  // The page painted at build time had no browser to ask: hydration starts from "recommended".
  const unusualBrowser = useSyncExternalStore(noChanges, () => !isRecommendedBrowser(), () => false);

  if (settings.TOKEN_LOGIN) {
    return (
      <FullPage state="token-login">
        <Title role="alert">
          <Trans>LOGIN is not allowed. Probably Access Token is no longer valid</Trans>
        </Title>
      </FullPage>
    );
  }

  if (!opened) {
    return (
      <FullPage state="login-splash" showLogo={false}>
        <SplashButton type="button" onClick={() => setOpened(true)}>
          <Logo size={56} label="Reelside" />
          <Muted>
            <Trans>Tap the logo to sign in</Trans>
          </Muted>
        </SplashButton>
      </FullPage>
    );
  }

  return (
    <FullPage state="login">
      <Title data-first-login={first || undefined}>
        <Trans>Sign in to play</Trans>
      </Title>
      {unusualBrowser && (
        <Suspense fallback={null}>
          <BrowserNotice />
        </Suspense>
      )}
      <LoginForm submitting={submitting} failure={failure} onSubmit={onSubmit} onEdit={onEdit} />
      {(whatsapp || settings.CONTACT_TELEGRAM) && (
        <Contacts>
          {whatsapp && (
            <Button as="a" $variant="ghost" href={`https://wa.me/${whatsapp}`} target="_blank" rel="noreferrer">
              <Trans>Contact us on WhatsApp</Trans>
            </Button>
          )}
          {settings.CONTACT_TELEGRAM && (
            <Button as="a" $variant="ghost" href={`https://t.me/${encodeURIComponent(settings.CONTACT_TELEGRAM)}`} target="_blank" rel="noreferrer">
              <Trans>Contact us on Telegram</Trans>
            </Button>
          )}
        </Contacts>
      )}
    </FullPage>
  );
}

/** The browser does not change under a page. */
const noChanges = () => () => {};

const SplashButton = styled.button`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 24px;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;

const Contacts = styled.div`
  display: grid;
  gap: 8px;
`;
