import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Icon, type IconName } from '../navigation/Icon.tsx';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectUser } from '../../../../machines/auth.selectors.ts';
import { Card, Grid, Muted } from './parts.tsx';

/** Template pages inside the app layout (logged-in players only; SPEC §2 leftovers). */

/** /pages/profile: the template's profile page, filled with the signed-in player's name. */
export function DemoProfilePage() {
  const user = useSelector(useAuthActor(), selectUser);
  const name = [user?.name, user?.lastname].filter(Boolean).join(' ') || user?.username || '';
  const email = user?.email ?? '';
  return (
    <section data-state="demo-profile">
      <Cover>
        <Avatar aria-hidden="true">{name.slice(0, 1).toUpperCase()}</Avatar>
        <div>
          <h1>{name}</h1>
          <Muted>@{user?.username}</Muted>
        </div>
      </Cover>
      <Grid>
        <Card>
          <h2>
            <Trans>General information</Trans>
          </h2>
          <Muted>
            <Trans>Email: {email}</Trans>
          </Muted>
        </Card>
        <Card>
          <h2>
            <Trans>Activity</Trans>
          </h2>
          <Muted>
            <Trans>Your real profile, sessions and transactions are in the menu.</Trans>
          </Muted>
          <Link to="/profile">
            <Trans>Open my profile</Trans>
          </Link>
        </Card>
      </Grid>
    </section>
  );
}

export function CardedLayoutPage() {
  return (
    <section data-state="layout-carded">
      <Band>
        <h1>
          <Trans>Carded page</Trans>
        </h1>
        <Muted>
          <Trans>A header band with the content on a card below it.</Trans>
        </Muted>
      </Band>
      <Card>
        <h2>
          <Trans>Content</Trans>
        </h2>
        <Muted>
          <Trans>Lists, forms and tables go on this card.</Trans>
        </Muted>
      </Card>
    </section>
  );
}

export function SimpleLayoutPage() {
  return (
    <section data-state="layout-simple">
      <PageHeader title={<Trans>Simple page</Trans>}>
        <p>
          <Trans>A header with plain content below it.</Trans>
        </p>
      </PageHeader>
      <Muted>
        <Trans>Lists, forms and tables go here.</Trans>
      </Muted>
    </section>
  );
}

export function BlankLayoutPage() {
  return (
    <section data-state="layout-blank">
      <HiddenTitle>
        <Trans>Blank page</Trans>
      </HiddenTitle>
      <Muted>
        <Trans>A blank page: the chrome and nothing else.</Trans>
      </Muted>
    </section>
  );
}

const ICONS: readonly IconName[] = [
  'home', 'person', 'history', 'receipt', 'logout', 'login', 'menu', 'menuOpen', 'chevron', 'expand', 'wallet', 'info', 'close',
  'external', 'casino', 'eye', 'eyeOff', 'lan',
];

export function IconsPage() {
  return (
    <section data-state="icons">
      <PageHeader title={<Trans>Icons</Trans>}>
        <p>
          <Trans>The icon set of the menu and the toolbars (src/features/shell/navigation/Icon.tsx).</Trans>
        </p>
      </PageHeader>
      <IconGrid>
        {ICONS.map((name) => (
          <li key={name}>
            <Icon name={name} size={32} />
            <code>{name}</code>
          </li>
        ))}
      </IconGrid>
    </section>
  );
}

export function TypographyPage() {
  return (
    <section data-state="typography">
      <PageHeader title={<Trans>Typography</Trans>} />
      <Card>
        <h1>
          <Trans>Heading 1</Trans>
        </h1>
        <h2>
          <Trans>Heading 2</Trans>
        </h2>
        <h3>
          <Trans>Heading 3</Trans>
        </h3>
        <p>
          <Trans>
            Body text: the quick brown fox jumps over the lazy dog. <strong>Strong text</strong>, <em>emphasised text</em> and{' '}
            <code>code</code>.
          </Trans>
        </p>
        <Muted>
          <Trans>Secondary text, for hints and details.</Trans>
        </Muted>
        <ul>
          <li>
            <Trans>A list item</Trans>
          </li>
          <li>
            <Trans>Another list item</Trans>
          </li>
        </ul>
      </Card>
    </section>
  );
}

const SWATCHES = ['primary', 'success', 'danger', 'surfaceRaised', 'border'] as const;

export function HelperClassesPage() {
  return (
    <section data-state="helper-classes">
      <PageHeader title={<Trans>Helper classes</Trans>}>
        <p>
          <Trans>The theme's tokens (src/theme/theme.ts) that pages build on: spacing steps of 4 px, radii and colours.</Trans>
        </p>
      </PageHeader>
      <Grid>
        <Card>
          <h2>
            <Trans>Spacing</Trans>
          </h2>
          {[1, 2, 4, 6, 8].map((n) => (
            <Step key={n} $n={n}>
              <code>space({n})</code>
            </Step>
          ))}
        </Card>
        <Card>
          <h2>
            <Trans>Colours</Trans>
          </h2>
          {SWATCHES.map((name) => (
            <Swatch key={name} $color={name}>
              <code>{name}</code>
            </Swatch>
          ))}
        </Card>
      </Grid>
    </section>
  );
}

export function DocumentationPage() {
  return (
    <section data-state="documentation">
      <PageHeader title={<Trans>Documentation</Trans>}>
        <p>
          <Trans>Reelside's documents live in its repository, next to the code.</Trans>
        </p>
      </PageHeader>
      <Grid>
        <Card>
          <h2>README.md</h2>
          <Muted>
            <Trans>How to run the client and the simulator, the scripts, and the project's layout.</Trans>
          </Muted>
        </Card>
        <Card>
          <h2>docs/protocol.md</h2>
          <Muted>
            <Trans>Every call and socket message between the client and the server, with its schema.</Trans>
          </Muted>
        </Card>
        <Card>
          <h2>machines/</h2>
          <Muted>
            <Trans>The state machines: each opens with a comment that tells its chart.</Trans>
          </Muted>
        </Card>
        <Card>
          <h2>public/Settings.json</h2>
          <Muted>
            <Trans>The operator's settings, read once at start.</Trans>
          </Muted>
        </Card>
      </Grid>
    </section>
  );
}

export function AdminRoleExamplePage() {
  return (
    <section data-state="admin-role-example">
      <PageHeader title={<Trans>Admin role example</Trans>}>
        <p>
          <Trans>Only accounts with the admin role can see this page.</Trans>
        </p>
      </PageHeader>
    </section>
  );
}

export function StaffRoleExamplePage() {
  return (
    <section data-state="staff-role-example">
      <PageHeader title={<Trans>Staff role example</Trans>}>
        <p>
          <Trans>Only accounts with the admin or staff role can see this page.</Trans>
        </p>
      </PageHeader>
    </section>
  );
}

const Cover = styled.div`
  display: flex;
  align-items: center;
  gap: 20px;
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(120deg, #27305a, #3a2410);
  h1 { margin: 0; font-size: 1.6rem; }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: 2rem;
  font-weight: 700;
`;

const Band = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  h1 { margin: 0 0 8px; font-size: 1.6rem; }
`;

const IconGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 12px;
  li {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    padding: 16px 8px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  code { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Step = styled.div<{ $n: number }>`
  padding-inline-start: ${({ theme, $n }) => theme.space($n)};
  border-inline-start: ${({ theme, $n }) => theme.space($n)} solid rgb(245 179 1 / 35%);
`;

const Swatch = styled.div<{ $color: (typeof SWATCHES)[number] }>`
  display: flex;
  align-items: center;
  gap: 12px;
  &::before {
    content: '';
    width: 28px;
    height: 28px;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme, $color }) => theme.colors[$color]};
  }
`;

const HiddenTitle = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
