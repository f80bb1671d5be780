import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useNavigationActor } from '../navigation/NavigationProvider.tsx';
import { useSettings } from '../../viewRuntime.tsx';
import { INFO_PAGES } from './infoPages.ts';
import { mobile } from './sizes.ts';
import { UI_VERSION } from './version.ts';

/** The UI version, and the information links when the external-info setting is on (SPEC §2). */
export function Footer() {
  const { t, i18n } = useLingui();
  const { EXTERNAL_INFO } = useSettings();
  const nav = useNavigationActor();
  return (
    <Root>
      {EXTERNAL_INFO && (
        <Links aria-label={t`Information`}>
          {INFO_PAGES.map((page) => (
            <li key={page.id}>
              <InfoLink href={page.url} onClick={(event) => {
                // A plain click opens the page in the modal; a modified click keeps the browser's way.
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                nav.send({ type: 'user.openInfo', page: page.id });
              }}>
                {i18n._(page.title)}
              </InfoLink>
            </li>
          ))}
        </Links>
      )}
      <Version data-testid="ui-version" dir="ltr">
        {UI_VERSION}
      </Version>
    </Root>
  );
}

const Root = styled.footer`
  display: flex;
  align-items: center;
  gap: 12px 24px;
  flex-wrap: wrap;
  padding: 14px ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 0.82rem;
  @media ${mobile} { padding: 14px ${({ theme }) => theme.space(4)}; }
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 18px;
  flex: 1;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const InfoLink = styled.a`
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;

const Version = styled.span`
  margin-inline-start: auto;
  padding: 2px 10px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;
