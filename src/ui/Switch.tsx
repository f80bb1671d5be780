import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * An on/off switch (WAI-ARIA switch pattern): one button whose name is its visible label and
 * whose state is `aria-checked`; Space and Enter flip it as they press any button.
 */
export function Switch({ checked, disabled, onChange, children }: { checked: boolean; disabled?: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <Root type="button" role="switch" aria-checked={checked} disabled={disabled} onClick={() => onChange(!checked)}>
      <span className="label">{children}</span>
      <span className="track" aria-hidden="true">
        <span className="thumb" />
      </span>
    </Root>
  );
}

const Root = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
  min-height: 44px;
  padding: 0 4px 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  .label { text-align: start; }
  .track {
    position: relative;
    flex: none;
    width: 44px;
    height: 26px;
    margin-inline-end: 6px;
    border-radius: 13px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.border};
    transition: background 0.2s ease;
  }
  .thumb {
    position: absolute;
    top: 3px;
    inset-inline-start: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition: transform 0.2s ease, background 0.2s ease;
  }
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    .track { background: ${({ theme }) => theme.colors.primary}; box-shadow: none; }
    .thumb { background: ${({ theme }) => theme.colors.primaryText}; transform: translateX(18px); }
  }
  [dir='rtl'] &[aria-checked='true'] .thumb { transform: translateX(-18px); }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
  @media (prefers-reduced-motion: reduce) { .track, .thumb { transition: none; } }
`;
