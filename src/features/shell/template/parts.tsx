import styled from 'styled-components';

/** A panel of a template page inside the app layout. */
export const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h2 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const SearchInput = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;
