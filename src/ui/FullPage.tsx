import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from './Logo.tsx';

/** A centred card over the whole page: the pre-render screens and the login screen use it. */
export function FullPage({ children, state, showLogo = true }: { children: ReactNode; state?: string; showLogo?: boolean }) {
  return (
    <Root data-state={state}>
      <Card>
        {showLogo && <Logo size={36} label="Reelside" />}
        {children}
      </Card>
    </Root>
  );
}

const Root = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: radial-gradient(circle at 20% 10%, #27305a 0%, transparent 45%),
    radial-gradient(circle at 80% 90%, #3a2410 0%, transparent 40%), ${({ theme }) => theme.colors.background};
`;

const Card = styled.div`
  width: min(420px, 100%);
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: 0 24px 60px rgb(0 0 0 / 45%);
  text-align: center;
  > svg { align-self: center; }
`;

export const Title = styled.h1`
  margin: 0;
  font-size: 1.35rem;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
