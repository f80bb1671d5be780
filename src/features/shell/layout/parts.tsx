import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import styled, { css } from 'styled-components';
import { Logo } from '../../../ui/Logo.tsx';
import { Icon } from '../navigation/Icon.tsx';
import { useNavigationActor, useNavigationSelector } from '../navigation/NavigationProvider.tsx';
import { selectDrawerOpen, selectNavbarFolded } from '../../../../machines/navigation.selectors.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectDisplayName, selectReturning, selectUsername } from '../../../../machines/auth.selectors.ts';
import { mobile } from './sizes.ts';
import { IconButton } from '../../../ui/IconButton.ts';

/** The logo links to the lobby and replaces the history entry (SPEC §2). */
export function LogoLink({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  return (
    <LogoAnchor to="/lobby" replace aria-label={t`Reelside lobby`} data-logo data-compact={compact || undefined}>
      <Logo size={compact ? 26 : 30} />
    </LogoAnchor>
  );
}

/** Folds the navbar to its icons and back (desktop; the state is kept as navbar.folded). */
export function FoldToggle() {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const folded = useNavigationSelector(selectNavbarFolded);
  return (
    <IconButton
      type="button"
      data-only="desktop"
      aria-label={folded ? t`Unfold the menu` : t`Fold the menu`}
      aria-pressed={folded}
      title={folded ? t`Unfold the menu` : t`Fold the menu`}
      onClick={() => nav.send({ type: 'user.toggleFold' })}
    >
      <Icon name={folded ? 'menu' : 'menuOpen'} />
    </IconButton>
  );
}

/** Opens the navigation drawer (mobile only). */
export function MobileMenuButton() {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const open = useNavigationSelector(selectDrawerOpen);
  return (
    <IconButton
      type="button"
      data-only="mobile"
      aria-label={t`Open the menu`}
      aria-expanded={open}
      onClick={() => nav.send({ type: 'user.openMobile' })}
    >
      <Icon name="menu" />
    </IconButton>
  );
}

/** The signed-in player's username, in the toolbar. */
export function UserChip() {
  const username = useSelector(useAuthActor(), selectUsername);
  return (
    <Chip data-testid="toolbar-user">
      <Icon name="person" size={18} />
      <span>{username}</span>
    </Chip>
  );
}

/** "Welcome back" only to a player who has logged in before (the server names a previous login). */
export function Greeting() {
  const name = useSelector(useAuthActor(), selectDisplayName);
  const returning = useSelector(useAuthActor(), selectReturning);
  return <GreetingText data-only="desktop">{returning ? <Trans>Welcome back, {name}</Trans> : <Trans>Welcome, {name}</Trans>}</GreetingText>;
}


/** The logo's link (the painted lobby's too: PaintedLobby.tsx). */
export const logoAnchor = css`
  display: inline-flex;
  align-items: center;
  flex-shrink: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  svg { display: block; overflow: visible; }
  /* the Latin wordmark reads left to right in either direction */
  direction: ltr;
`;

const LogoAnchor = styled(Link)`
  ${logoAnchor}
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 32px;
  padding: 0 12px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  font-weight: 500;
  white-space: nowrap;
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const GreetingText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  @media ${mobile} { display: none; }
`;
