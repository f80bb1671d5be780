import styled, { css } from 'styled-components';

export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 42px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`background: ${theme.colors.primary}; color: ${theme.colors.primaryText};`
      : $variant === 'danger'
        ? css`background: ${theme.colors.dangerFill}; color: #fff;`
        : css`background: transparent; color: ${theme.colors.text}; border-color: ${theme.colors.border};`}
  &:disabled, &[aria-disabled='true'] { opacity: 0.45; cursor: not-allowed; }
`;
