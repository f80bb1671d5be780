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

const Root = styled.header`
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 { margin: 0 0 8px; font-size: 1.6rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
