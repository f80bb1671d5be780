import styled, { css } from 'styled-components';

/** Form parts every screen shares: a labelled field, its input or select, hint and error. */

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  label { font-weight: 600; font-size: 0.9rem; }
`;

/** What an input and a select look like. */
const control = css`
  min-height: 44px;
  padding: 0 12px;
  font: inherit;
  width: 100%;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  color-scheme: dark;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export const Input = styled.input`
  ${control}
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Select = styled.select`
  ${control}
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

export const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;

/** A checkbox with its label beside it (an error below, when there is one). */
export const CheckRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
  p { flex-basis: 100%; }
`;
