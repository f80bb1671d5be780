import styled from 'styled-components';
import { desktop, mobile } from './sizes.ts';

/** The styled frame the three layouts share. */

export const Page = styled.div`
  display: flex;
  min-height: 100%;
`;

export const Main = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

export const Toolbar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 64px;
  padding-inline: ${({ theme }) => theme.space(6)};
  background: rgb(21 26 43 / 92%);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media ${mobile} {
    /* Tight: a phone's toolbar holds the menu, the logo, the tools, the balance and the language
       (an Arabic balance, 'US$ 1,000.00', is the widest) without scrolling sideways. */
    gap: 4px;
    padding-inline: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  }
  @media (max-width: 379.98px) {
    /* The smallest phones: the toolbar's logo, in every layout, is the reels alone (the link keeps
       its name; the reels end at 43 of the drawing's 150 units, the name starts at 48), so the
       parts keep a gap and nothing scrolls sideways. */
    gap: 6px;
    padding-inline: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    [data-logo] svg { width: auto; aspect-ratio: 45 / 40; overflow: hidden; }
  }
`;

export const Spacer = styled.div`
  flex: 1;
`;

export const Content = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space(6)};
  @media ${mobile} { padding: ${({ theme }) => theme.space(4)}; }
`;

export const MobileOnly = styled.div`
  display: contents;
  @media ${desktop} { display: none; }
`;

export const DesktopOnly = styled.div`
  display: contents;
  @media ${mobile} { display: none; }
`;

/** The navbar's head: the logo and the fold toggle, as high as the toolbar. */
export const NavHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 64px;
  padding-inline: 16px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  [data-state='folded']:not(:hover):not(:has(:focus-visible)) > & { justify-content: center; padding-inline: 12px; }
`;

/** With HIDE_HEADER_BAR on a phone, the menu button floats over the page's corner. */
export const FloatingCorner = styled.div`
  position: fixed;
  top: 12px;
  inset-inline-start: 12px;
  z-index: 70;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 6px 18px rgb(0 0 0 / 45%);
  @media ${desktop} { display: none; }
`;
