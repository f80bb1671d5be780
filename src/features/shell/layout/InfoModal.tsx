import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { Backdrop } from '../../../ui/backdrop.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';
import { Icon } from '../navigation/Icon.tsx';
import { useNavigationActor, useNavigationSelector } from '../navigation/NavigationProvider.tsx';
import { selectInfoPage, selectInfoView } from '../../../../machines/navigation.selectors.ts';
import { INFO_PAGES, infoPage } from './infoPages.ts';
import { IconButton } from '../../../ui/IconButton.ts';
import { mobile, SIDEBAR_WIDTH } from './sizes.ts';

/**
 * The info modal (SPEC §2): the page's title and the page embedded, over 80 % of the width and
 * height. A sidebar lists the six pages, so the player can move between them; opened from the
 * toolbar's info button it starts on that list.
 */
export function InfoModal() {
  const { t, i18n } = useLingui();
  const nav = useNavigationActor();
  const state = useNavigationSelector(selectInfoView);
  const page = infoPage(useNavigationSelector(selectInfoPage));
  const title = page ? i18n._(page.title) : t`Information`;
  const returnFocus = useFocusReturn();

  return (
    <Dialog.Root open={state !== 'closed'} onOpenChange={(open) => !open && nav.send({ type: 'user.closeInfo' })}>
      <Dialog.Portal>
        <Backdrop $layer={900} $dim={72} $blur={2} />
        <Content data-state-view={state} aria-describedby={undefined} {...returnFocus}>
          <Header>
            {page && (
              <IconButton type="button" data-only="mobile" aria-label={t`All information pages`} onClick={() => nav.send({ type: 'user.openInfoMenu' })}>
                <Back>
                  <Icon name="chevron" />
                </Back>
              </IconButton>
            )}
            <Title>{title}</Title>
            <Dialog.Close asChild>
              <IconButton type="button" aria-label={t`Close`}>
                <Icon name="close" />
              </IconButton>
            </Dialog.Close>
          </Header>
          <Body>
            <Pages aria-label={t`Information pages`} data-view={state}>
              {INFO_PAGES.map((p) => (
                <li key={p.id}>
                  <PageButton
                    type="button"
                    aria-current={p.id === page?.id ? 'page' : undefined}
                    onClick={() => nav.send({ type: 'user.openInfo', page: p.id })}
                  >
                    <Icon name="info" size={18} />
                    {i18n._(p.title)}
                  </PageButton>
                </li>
              ))}
            </Pages>
            {page ? (
              <Frame key={page.id} src={page.url} title={i18n._(page.title)} sandbox="allow-same-origin" />
            ) : (
              <Hint data-view={state}>
                <Trans>Choose a page to read the rules, the paytables and how we protect you.</Trans>
              </Hint>
            )}
          </Body>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Content = styled(Dialog.Content)`
  position: fixed;
  inset: 10vh 10vw;
  z-index: 901;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 30px 80px rgb(0 0 0 / 60%);
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 56px;
  padding-block: 8px;
  padding-inline: 20px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.surfaceRaised}, ${({ theme }) => theme.colors.surface});
`;

const Back = styled.span`
  display: inline-flex;
  transform: scaleX(-1); /* a back arrow: the chevron turned towards the start edge */
`;

const Title = styled(Dialog.Title)`
  flex: 1;
  margin: 0;
  font-size: 1.1rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  min-height: 0;
`;

const Pages = styled.ul`
  flex: 0 0 ${SIDEBAR_WIDTH}px;
  margin: 0;
  padding: 10px;
  list-style: none;
  overflow-y: auto;
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  @media ${mobile} {
    &[data-view='page'] { display: none; }
    &[data-view='menu'] { flex: 1; border: 0; }
  }
`;

const PageButton = styled.button`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 40px;
  padding: 8px 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: 0.9rem;
  text-align: start;
  cursor: pointer;
  svg { color: ${({ theme }) => theme.colors.primary}; opacity: 0.8; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-current='page'] { background: rgb(245 179 1 / 12%); color: ${({ theme }) => theme.colors.primary}; }
`;

const Frame = styled.iframe`
  flex: 1;
  min-width: 0;
  width: 100%;
  height: 100%;
  border: 0;
  background: #0f1322;
`;

const Hint = styled.p`
  flex: 1;
  display: grid;
  place-items: center;
  margin: 0;
  padding: 24px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  @media ${mobile} { &[data-view='menu'] { display: none; } }
`;
