import styled from 'styled-components';

/**
 * A 24×24 Material-style icon drawn from one path. Decorative: the control's name is beside it
 * or on the control. A directional icon (it points along the reading direction) turns round in
 * right-to-left pages.
 */
export function PathIcon({ path, size = 24, directional = false }: { path: string; size?: number; directional?: boolean }) {
  return (
    <Svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-directional={directional || undefined}>
      <path d={path} />
    </Svg>
  );
}

const Svg = styled.svg`
  flex-shrink: 0;
  fill: currentColor;
  [dir='rtl'] &[data-directional] { transform: scaleX(-1); }
`;
