import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useNavigationSelector } from '../navigation/NavigationProvider.tsx';
import { selectNavbarFolded } from '../../../../machines/navigation.selectors.ts';
import { mobile, NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH } from './sizes.ts';

/**
 * The vertical navbar on a desktop: 280 px, or 64 px folded (SPEC §9). Folded, it shows the icons
 * and opens over the page while the pointer or the focus is on it. On a phone it is not shown:
 * the drawer takes its place.
 */
export function Navbar({ head, children, top = 0 }: { head?: ReactNode; children: ReactNode; top?: number }) {
  const folded = useNavigationSelector(selectNavbarFolded);
  const state = folded ? 'folded' : 'unfolded';
  return (
    <Slot data-state={state} data-testid="navbar">
      <Panel data-state={state} $top={top}>
        {head}
        <Scroll>{children}</Scroll>
      </Panel>
    </Slot>
  );
}

const Slot = styled.div`
  flex: 0 0 auto;
  background: ${({ theme }) => theme.colors.surface};
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  width: ${NAVBAR_WIDTH}px;
  transition: width 0.2s ease;
  &[data-state='folded'] { width: ${NAVBAR_FOLDED_WIDTH}px; }
  @media ${mobile} { display: none; }
`;

const Panel = styled.aside<{ $top: number }>`
  position: fixed;
  inset-block: ${({ $top }) => $top}px 0;
  inset-inline-start: 0;
  z-index: 60;
  display: flex;
  flex-direction: column;
  width: ${NAVBAR_WIDTH}px;
  overflow: hidden;
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.surface} 0%, #10142340 100%), ${({ theme }) => theme.colors.surface};
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 0.2s ease, box-shadow 0.2s ease;

  &[data-state='folded'] { width: ${NAVBAR_FOLDED_WIDTH}px; }
  &[data-state='folded']:hover,
  &[data-state='folded']:has(:focus-visible) {
    width: ${NAVBAR_WIDTH}px;
    box-shadow: 0 0 40px rgb(0 0 0 / 55%);
  }
  /* Folded and at rest: the icons only. Labels stay readable by screen readers. */
  &[data-state='folded']:not(:hover):not(:has(:focus-visible)) {
    [data-part='label'] {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    [data-part='badge'], [data-part='chevron'], [data-part='children'], [data-part='group-title'], [data-fold='hide'] {
      display: none;
    }
    [data-part='divider'] { margin-inline: 8px; }
  }
`;

const Scroll = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 8px 8px 16px;
  overflow-x: hidden;
  overflow-y: auto;
  scrollbar-width: thin;
`;
