import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import type { GameSessionItem } from '../../../../protocol/account.ts';
import type { AccountFormat } from '../common/format.ts';

export type Result = 'won' | 'lost' | 'even';

export function resultOf(amount: number): Result {
  return amount > 0 ? 'won' : amount < 0 ? 'lost' : 'even';
}

const BAR = 24;
const GAP = 10;
const HEIGHT = 72;

/**
 * How the sessions on screen went: their total net result, how many were won and lost, and a
 * small bar chart of each session's net result (oldest on the left, wins up, losses down).
 */
export function SessionsChart({ sessions, format }: { sessions: readonly GameSessionItem[]; format: AccountFormat }) {
  const { t } = useLingui();
  const titleId = useId();
  const oldestFirst = [...sessions].reverse();
  const net = sessions.reduce((sum, s) => sum + s.amount, 0);
  const won = sessions.filter((s) => s.amount > 0).length;
  const lost = sessions.filter((s) => s.amount < 0).length;
  const largest = Math.max(1, ...sessions.map((s) => Math.abs(s.amount)));
  const width = Math.max(1, oldestFirst.length * (BAR + GAP) - GAP);
  const middle = HEIGHT / 2;
  const netText = format.signedMoney(net);

  return (
    <Root aria-labelledby={titleId} data-testid="sessions-summary">
      <Figures>
        <h2 id={titleId}>
          <Trans>Net result of the sessions shown</Trans>
        </h2>
        <Net data-result={resultOf(net)} data-testid="sessions-net">
          {netText}
        </Net>
        <Counts>
          <Trans>
            {won} won · {lost} lost
          </Trans>
        </Counts>
      </Figures>
      <Chart
        $naturalWidth={width}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Net result per session, oldest first: ${won} won, ${lost} lost, ${netText} in total.`}
      >
        <line className="zero" x1={0} x2={width} y1={middle} y2={middle} />
        {oldestFirst.map((s, i) => {
          const result = resultOf(s.amount);
          // Even sessions still get a sliver, so every session has its place.
          const h = Math.max(1.5, (Math.abs(s.amount) / largest) * (middle - 2));
          const y = s.amount >= 0 ? middle - h : middle;
          return (
            <rect key={s.id} className={result} x={i * (BAR + GAP)} y={y} width={BAR} height={h} rx={2}>
              <title>{`${s.machineName} · ${format.dateTime(s.start)} · ${format.signedMoney(s.amount)}`}</title>
            </rect>
          );
        })}
      </Chart>
    </Root>
  );
}

const Root = styled.section`
  display: grid;
  grid-template-columns: minmax(180px, max-content) 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  h2 {
    margin: 0;
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space(3)};
  }
`;

const Figures = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

export const Net = styled.span`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  &[data-result='won'] { color: ${({ theme }) => theme.colors.success}; }
  &[data-result='lost'] { color: ${({ theme }) => theme.colors.danger}; }
  ${Figures} & { font-size: 1.6rem; }
`;

const Counts = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Chart = styled.svg<{ $naturalWidth: number }>`
  width: 100%;
  /* Barely stretched, so a few sessions do not become wide slabs; many shrink to fit. */
  max-width: ${({ $naturalWidth }) => Math.min(640, Math.round($naturalWidth * 1.25))}px;
  height: ${HEIGHT}px;
  justify-self: end;
  overflow: visible;
  @media (max-width: 520px) { justify-self: start; }
  .zero { stroke: ${({ theme }) => theme.colors.border}; stroke-width: 1; vector-effect: non-scaling-stroke; }
  .won { fill: ${({ theme }) => theme.colors.success}; }
  .lost { fill: ${({ theme }) => theme.colors.danger}; }
  .even { fill: ${({ theme }) => theme.colors.textMuted}; }
  rect:hover { opacity: 0.8; }
`;
