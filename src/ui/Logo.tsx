import styled from 'styled-components';

/** The Reelside mark: three reels. Decorative unless given a label. */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <Root
      width={size * 3.75}
      height={size}
      viewBox="0 0 150 40"
      // Drawn narrower than its box (a small phone's toolbar: frame.ts), it keeps the reels and drops
      // the name rather than shrinking both.
      preserveAspectRatio="xMinYMid slice"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {[0, 1, 2].map((i) => (
        <rect key={i} x={2 + i * 14} y={4} width={12} height={32} rx={3} className="reel" />
      ))}
      <circle cx={9} cy={20} r={3} className="dot" />
      <circle cx={23} cy={20} r={3} className="dot" />
      <circle cx={37} cy={20} r={3} className="dot" />
      {/* Fitted to the mark's width: whatever font the system falls back to, nothing is cut off.
          A name in Latin letters reads left to right on a right-to-left page too (else it is
          drawn from x=48 leftwards, over the reels). */}
      <text x={48} y={28} className="word" textLength={98} lengthAdjust="spacingAndGlyphs" direction="ltr" unicodeBidi="isolate">
        Reelside
      </text>
    </Root>
  );
}

const Root = styled.svg`
  .reel { fill: ${({ theme }) => theme.colors.surfaceRaised}; stroke: ${({ theme }) => theme.colors.primary}; stroke-width: 1.5; }
  .dot { fill: ${({ theme }) => theme.colors.primary}; }
  .word { fill: ${({ theme }) => theme.colors.text}; font: 700 22px ${({ theme }) => theme.font.heading}; }
`;
