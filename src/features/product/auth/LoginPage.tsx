import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { isRecommendedBrowser } from '../../../ui/browser.ts';
import { loadAppMessages } from '../../../ui/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { FullPage, Muted, Title } from '../../../ui/FullPage.tsx';
import { Logo } from '../../../ui/Logo.tsx';
import type { Settings } from '../../../../protocol/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../protocol/settings.ts';
import type { Credentials } from '../../../../machines/auth.ts';
import type { Failure } from '../../../../machines/failure.ts';
import { useAuthActor, useOptionalRuntime, useSettings, type ViewRuntime } from '../../viewRuntime.tsx';
import { FirstLoginHere, useFirstLogin, useFirstLoginShown, useFirstLoginStanding } from './firstLogin.tsx';
import { LoginForm } from './LoginForm.tsx';
import { selectCheckingKeptLogin, selectLoginFailure, selectLoginOpen, selectSubmitting } from '../../../../machines/auth.selectors.ts';

// Only browsers other than Chrome or Safari see it: it loads with the rare screens and their texts.
const BrowserNotice = lazy(() =>
  Promise.all([import('../boot/RareScreens.tsx'), loadAppMessages()]).then(([m]) => ({ default: m.BrowserNotice })),
);

/** The router's login page: the first login while it stands (firstLogin.tsx), else its own form. */
export function LoginPage() {
  const standing = useFirstLoginStanding();
  return standing ? <FirstLoginHere /> : <RoutedLogin />;
}

function RoutedLogin() {
  return <LoginScreen auth={useAuthActor()} settings={useSettings()} />;
}

/**
 * The login painted from HTML at build time (src/app/prerender.tsx), hydrated where it was painted
 * and kept there while it stands (src/app/App.tsx renders it first): the app's login screen from
 * the boot to the player's login. Before the app has booted, a Login pressed here waits (shown
 * as signing in) and is sent once the app is there.
 */
export function FirstLoginPage() {
  const standing = useFirstLoginStanding();
  const shown = useFirstLoginShown();
  const runtime = useOptionalRuntime();
  if (!standing) return null;
  // While another screen must be said (offline, the network error, a rare screen on its way) the
  // form is hidden, not gone: it comes back as it was, with what was typed in it.
  return (
    <Standing hidden={!shown}>
      <LoginScreen first hidden={!shown} auth={runtime?.auth ?? null} settings={runtime?.settings ?? DEFAULT_SETTINGS} />
    </Standing>
  );
}

/** The first login's place: no box of its own (the screen lays itself out), none at all while hidden. */
const Standing = styled.div`
  display: contents;

  &[hidden] {
    display: none;
  }
`;

/** The login screen, live once the app's auth is there (before that, a Login pressed waits). */
function LoginScreen({
  first = false,
  hidden = false,
  auth,
  settings,
}: {
  first?: boolean;
  /** Behind another screen (the first login only): a Login pressed before is dropped, never sent unseen. */
  hidden?: boolean;
  auth: ViewRuntime['auth'] | null;
  settings: Settings;
}) {
  const submitting = useSelector(auth ?? undefined, (snapshot) => (snapshot ? selectSubmitting(snapshot) : false));
  // Failures of the form's own login, and the idle lock's logout after too many wrong PINs
  // (10705); the others are toasts (AuthToasts).
  const failure = useSelector(auth ?? undefined, (snapshot) => (snapshot ? selectLoginFailure(snapshot) : null));
  const open = useSelector(auth ?? undefined, (snapshot) => (snapshot ? selectLoginOpen(snapshot) : false));
  // A kept login being checked (the painted form stands meanwhile): nothing can be typed or pressed,
  // so no one lands in the kept player's account believing they signed in as someone else. Not
  // while the painted page is hydrated (its button says Login): a text unlike the page's would make
  // React drop the painted form, and what was typed in it, for a new one.
  const subscribeAuth = useCallback(
    (listener: () => void) => {
      const subscription = auth?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    [auth],
  );
  const checking = useSyncExternalStore(
    subscribeAuth,
    () => (auth ? selectCheckingKeptLogin(auth.getSnapshot()) : false),
    () => false,
  );
  // A Login pressed before the app had booted (or before its token check was through): shown as
  // signing in, and sent once a login may be — the form open, or a kept login's check begun —
  // once, before the next frame (the button never reads Login in between).
  const [pending, setPending] = useState<Credentials | null>(null);
  // A screen that must be said came over the form: the press it waited with is dropped (its
  // answer would land on a form nobody sees); the form comes back with what was typed.
  const [wasHidden, setWasHidden] = useState(hidden);
  if (hidden !== wasHidden) {
    setWasHidden(hidden);
    if (hidden) setPending(null);
  }
  const firstLogin = useFirstLogin();
  useLayoutEffect(() => {
    // (The first login asks its store: a screen coming over it in this very commit has already let go.)
    // A kept login being checked takes it too: the player asked for these credentials, not the kept ones.
    if (!auth || !(open || checking) || !pending || hidden || (first && !firstLogin.shown())) return;
    auth.send({ type: 'user.login', credentials: pending });
    // Handed over: the auth shows it from here (one render, before the frame).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPending(null);
  }, [auth, open, checking, pending, hidden, first, firstLogin]);
  return (
    <LoginView
      booting={first && !auth}
      settings={settings}
      checking={checking}
      submitting={submitting || pending !== null}
      failure={failure}
      onSubmit={(credentials) => (auth && open ? auth.send({ type: 'user.login', credentials }) : setPending(credentials))}
      onEdit={() => failure && auth?.send({ type: 'user.dismissFailure' })}
    />
  );
}

interface LoginViewProps {
  /** The first login before the app has booted: marked so, for whoever waits for the app. */
  booting?: boolean;
  settings: Settings;
  /** A kept login is being checked: the form is shown, read-only. */
  checking?: boolean;
  submitting: boolean;
  failure: Failure | null;
  onSubmit: (credentials: Credentials) => void;
  onEdit?: () => void;
}

function LoginView({ booting = false, settings, checking = false, submitting, failure, onSubmit, onEdit }: LoginViewProps) {
  // wa.me takes the number as digits only: no '+', spaces or dashes.
  const whatsapp = settings.CONTACT_WHATSAPP.replace(/\D/g, '');
  const [opened, setOpened] = useState(!settings.LOGIN_SPLASH);
  // (Read once: a login painted before the operator's settings were known is the form already,
  // and is not turned into the splash under the player's hands; the router's login page has it.)
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
      <Title data-first-login={booting ? 'booting' : undefined}>
        <Trans>Sign in to play</Trans>
      </Title>
      {unusualBrowser && (
        <Suspense fallback={null}>
          <BrowserNotice />
        </Suspense>
      )}
      <LoginForm checking={checking} submitting={submitting} failure={failure} onSubmit={onSubmit} onEdit={onEdit} />
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
