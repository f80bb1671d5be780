import styled, { keyframes } from 'styled-components';

/** Indeterminate progress bar for the full-page loading screen. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <Track role="progressbar" aria-label={label} aria-busy="true">
      <Bar />
    </Track>
  );
}

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  height: 4px;
  overflow: hidden;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Bar = styled.div`
  width: 40%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  animation: ${slide} 1.1s ease-in-out infinite;
`;
