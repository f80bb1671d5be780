import styled from 'styled-components';
import { desktop, mobile } from './breakpoints.ts';

/** A 40 px square button holding one icon (the header's tools, a sheet's close). */
export const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  transition: background-color 0.15s, color 0.15s;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-pressed='true'][data-tone='gold'] {
    color: ${({ theme }) => theme.colors.primary};
    border-color: rgb(245 179 1 / 35%);
    background: rgb(245 179 1 / 10%);
  }
  &[data-only='mobile'] { @media ${desktop} { display: none; } }
  &[data-only='desktop'] { @media ${mobile} { display: none; } }
`;
