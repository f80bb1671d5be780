import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { IconButton } from '../../../ui/IconButton.ts';
import { Logo } from '../../../ui/Logo.tsx';
import { Icon } from '../../shell/navigation/Icon.tsx';
import { BalanceFace } from '../../shell/layout/Balance.tsx';
import { logoAnchor } from '../../shell/layout/parts.tsx';
import { Content, Main, MobileOnly, NavHead, Page, Spacer, Toolbar } from '../../shell/layout/frame.ts';
import { desktop, NAVBAR_WIDTH } from '../../shell/layout/sizes.ts';
import { Grid, Section, Sections } from './sections.ts';

/**
 * The lobby's first screen as HTML (lobby.html, scripts/prerender.ts): the default layout's frame
 * — the toolbar with the menu's place, the logo and the balance still loading; on a desktop the
 * navbar's column — and the brands' section, whose tiles (`tiles`: HTML, PaintedBrandTile's or the
 * placeholders) the server fills in. Nothing in it needs a script: the logo and the tiles are
 * links, the rest is drawn. It stands before #root while the app boots, and the app takes it
 * away once it draws its own lobby (paintedLobby.ts).
 */
export function PaintedLobby({ tiles }: { tiles: string }) {
  const { t } = useLingui();
  return (
    <Page data-layout="layout1">
      <NavColumn>
        <NavHead>
          <LogoAnchor href="/lobby" aria-label={t`Reelside lobby`} data-logo>
            <Logo size={30} />
          </LogoAnchor>
        </NavHead>
      </NavColumn>
      <Main>
        <Toolbar>
          <IconButton as="span" data-only="mobile" aria-hidden="true">
            <Icon name="menu" />
          </IconButton>
          <MobileOnly>
            <LogoAnchor href="/lobby" aria-label={t`Reelside lobby`} data-logo data-compact>
              <Logo size={26} />
            </LogoAnchor>
          </MobileOnly>
          <Spacer />
          <BalanceFace amount={null} />
        </Toolbar>
        <Content>
          <div className="lobby-background">
            <PageHeader title={<Trans>Lobby</Trans>} />
            <Sections>
              <Section aria-labelledby="painted-brands-title">
                <h2 id="painted-brands-title">
                  <Trans>Brands</Trans>
                </h2>
                <Grid $narrow dangerouslySetInnerHTML={{ __html: tiles }} />
              </Section>
            </Sections>
          </div>
        </Content>
      </Main>
    </Page>
  );
}

/** The navbar's place on a desktop (Layout1's Navbar): the page's content starts where it will. */
const NavColumn = styled.div`
  display: none;
  @media ${desktop} {
    display: block;
    flex-shrink: 0;
    width: ${NAVBAR_WIDTH}px;
    background: ${({ theme }) => theme.colors.surface};
    border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const LogoAnchor = styled.a`
  ${logoAnchor}
`;
