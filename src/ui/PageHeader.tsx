import type { ReactNode } from 'react';
import styled from 'styled-components';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Root>
      <h1>{title}</h1>
      {children}
    </Root>
  );
}

/**
 * The page's title, with what belongs to it (a line of text, the promo buttons) 8 px under it,
 * and 24 px to the page's content: the one space under every page's heading, whatever follows.
 */
const Root = styled.header`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 { margin: 0; font-size: 1.6rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
