import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import { selectRules, selectSession, selectSessionNet } from '../../../../machines/gameSession.selectors.ts';
import type { SessionView } from '../../../../machines/gameSession.types.ts';
import { JURISDICTIONS } from '../../../../protocol/protection.ts';
import { breakableCurrency, formatDuration, useAccountFormat } from '../common/format.ts';
import { useServerNow } from '../../viewRuntime.tsx';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE } from './layout.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/**
 * The time counted on from the operator's last word: `playedMs` as told, plus what this device's
 * monotonic clock has measured since (a wrong wall clock changes nothing), every second. Every
 * frame is a new word, even one that tells the same time (an operator that stopped counting).
 */
function useCountOn(session: SessionView | null): number | null {
  const [since, setSince] = useState<{ from: SessionView | null; ms: number }>({ from: session, ms: 0 });
  useEffect(() => {
    if (session?.playedMs === undefined) return;
    const at = performance.now();
    const tick = window.setInterval(() => setSince({ from: session, ms: performance.now() - at }), 1000);
    return () => window.clearInterval(tick);
  }, [session]);
  if (session?.playedMs === undefined) return null;
  return session.playedMs + (since.from === session ? since.ms : 0);
}

/**
 * The time of day by the operator's clock (a wrong device clock shows the right time), while
 * `on`, to the minute: looked at every second (the operator's clock is learnt anew with each
 * answer), drawn again only when the minute changes.
 */
function useWallClock(on: boolean): number | null {
  const serverNow = useServerNow();
  const minute = useCallback(() => Math.floor(serverNow() / 60_000) * 60_000, [serverNow]);
  const [now, setNow] = useState(minute);
  useEffect(() => {
    if (!on) return;
    const look = () => setNow(minute());
    look();
    const tick = window.setInterval(look, 1000);
    return () => window.clearInterval(tick);
  }, [on, minute]);
  return on ? now : null;
}

/**
 * Player protection, always in view beside the picture: how long this session has been played
 * and what it has won or lost so far, as the operator books them. Shown only where the operator
 * tells them.
 */
export function SessionMeter({ game }: { game: Game }) {
  const { t } = useLingui();
  const format = useAccountFormat();
  const played = useCountOn(useSelector(game, selectSession));
  const net = useSelector(game, selectSessionNet);
  const rules = useSelector(game, selectRules);
  // An operator that does not say (from before the field) plays by its jurisdiction's profile.
  const clock = useWallClock(rules !== null && (rules.clock ?? JURISDICTIONS[rules.jurisdiction].clock) === true);
  if (played === null && net === null) return null;
  const seconds = Math.floor((played ?? 0) / 1000);
  return (
    <Meter role="group" aria-label={t`This session`}>
      {clock !== null && (
        <Figure data-testid="session-clock">
          <span className="label">
            <Trans>Time</Trans>
          </span>{' '}
          <time dateTime={new Date(clock).toISOString()}>{format.clock(clock)}</time>
        </Figure>
      )}
      {played !== null && (
        <Figure data-testid="session-time">
          <span className="label">
            <Trans>Played</Trans>
          </span>{' '}
          <time dateTime={`PT${seconds}S`}>{formatDuration(seconds)}</time>
        </Figure>
      )}
      {net !== null && (
        <Figure data-testid="session-net" data-sign={Math.sign(net)}>
          <span className="label">
            <Trans>Net</Trans>
          </span>{' '}
          <span className="value">{breakableCurrency(format.signedMoney(net))}</span>
        </Figure>
      )}
    </Meter>
  );
}

/*
 * A line of its own under the screen's buttons (in the short strip of a phone on its side, a
 * block of it): the row above never changes its number of lines when a button changes its width
 * (Tap for sound becoming Mute), so nothing under it moves while a finger is on it.
 */
const Meter = styled.div`
  order: 1;
  flex-basis: 100%;
  display: flex;
  justify-content: center;
  gap: 18px;
  padding: 2px 0;
  color: #fff;
  font-variant-numeric: tabular-nums;
  /* Beside the picture the row has the theme's surface (white in the light looks). */
  @container ${GAME} ${LANDSCAPE} {
    color: ${({ theme }) => theme.colors.text};
  }
  @container ${GAME} ${SHORT_LANDSCAPE} {
    order: 0;
    flex-basis: auto;
    flex-direction: column;
    align-self: stretch;
    min-width: 0;
    gap: 4px;
    padding: 6px 0;
  }
`;

const Figure = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: 6px;
  line-height: 1.2;
  font-size: 0.875rem;
  font-weight: 600;
  .label {
    font-size: 0.6875rem;
    font-weight: 500;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    opacity: 0.75;
  }
  &[data-sign='1'] .value { color: ${({ theme }) => theme.colors.success}; }
  /* A figure keeps its words together (12:03 AM), beside the picture too. */
  time { white-space: nowrap; }
  @container ${GAME} ${SHORT_LANDSCAPE} {
    flex-direction: column;
    align-items: center;
    gap: 0;
    max-width: 100%;
    font-size: 0.6875rem;
    text-align: center;
    .label { font-size: 0.5625rem; }
    /* A wide currency (US$ in Arabic) breaks at its space rather than out of the strip; so may a clock's AM. */
    .value { overflow-wrap: break-word; }
    time { white-space: normal; }
  }
`;
