import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo } from 'react';
import styled from 'styled-components';
import type { Joinability, LobbyMachine } from '../../../../machines/lobby.ts';
import { Button } from '../../../ui/Button.tsx';
import { machinePictureSrcSet } from '../../../../protocol/floor.ts';
import { formatMoney } from '../../../../protocol/format.ts';
import { TILE_PICTURE_SIZES } from './sections.ts';
import { JOIN_BLOCK_TEXT, STATUS_TEXT } from './statusText.ts';

interface Props {
  machine: LobbyMachine;
  joinable: Joinability;
  currency: string;
  onPlay: (machine: LobbyMachine) => void;
}

/**
 * One machine of the lobby. Memoised: a status change re-renders only its own tile, and of the
 * tile only what the status shows — the status, the join button or the reason it is blocked;
 * the picture, name, brand and minimum bet are a part of their own that stays as it is.
 */
export const MachineTile = memo(function MachineTile({ machine, joinable, currency, onPlay }: Props) {
  const { i18n } = useLingui();
  return (
    <Root data-status={machine.status} data-testid={`machine-${machine.id}`} aria-label={machine.name}>
      <Art src={machine.image} srcSet={machinePictureSrcSet(machine.image)} sizes={TILE_PICTURE_SIZES} alt="" loading="lazy" />
      <Body>
        <Name>{machine.name}</Name>
        <Meta>
          <span>{machine.brand}</span>
          <Status data-status={machine.status}>{i18n._(STATUS_TEXT[machine.status])}</Status>
        </Meta>
        <Details amount={machine.minBet} currency={currency} camera={machine.videoType === 'camera'} />
        {machine.reservation?.mine && (
          <Note>
            <Trans>Reserved for you</Trans>
          </Note>
        )}
        {joinable === 'ok' ? (
          <Button type="button" onClick={() => onPlay(machine)}>
            {machine.reservation?.mine ? <Trans>Continue</Trans> : <Trans>Play</Trans>}
          </Button>
        ) : (
          <Blocked role="note">{i18n._(JOIN_BLOCK_TEXT[joinable])}</Blocked>
        )}
      </Body>
    </Root>
  );
});

/** The minimum bet and the camera mark: the same whatever the machine's status. */
const Details = memo(function Details({ amount, currency, camera }: { amount: number; currency: string; camera: boolean }) {
  const { i18n } = useLingui();
  // Building the number format is the dearest part of a tile's render: once per tile.
  const minBet = useMemo(() => formatMoney(amount, currency, i18n.locale), [amount, currency, i18n.locale]);
  return (
    <Meta>
      <span>
        <Trans>Min bet {minBet}</Trans>
      </span>
      {camera && (
        <span>
          <Trans>Camera</Trans>
        </span>
      )}
    </Meta>
  );
});

const Root = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  &[data-status='offline'], &[data-status='error'], &[data-status='malfunction'] { opacity: 0.7; }
`;

const Art = styled.img`
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 14px 14px;
  /* Two a row on a phone: tighter, the button at the tile's foot whatever the text above it. */
  @media (max-width: 480px) {
    flex: 1;
    gap: 6px;
    padding: 8px 10px 10px;
    > button, > p:last-child { margin-top: auto; }
  }
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1rem;
  @media (max-width: 480px) { font-size: 0.92rem; }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 2px 8px;
  font-size: 0.85rem;
  @media (max-width: 480px) { font-size: 0.78rem; }
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Status = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-status='free'] { color: ${({ theme }) => theme.colors.success}; }
  &[data-status='offline'], &[data-status='error'], &[data-status='malfunction'] { color: ${({ theme }) => theme.colors.danger}; }
`;

const Note = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.primary};
`;

const Blocked = styled.p`
  margin: 0;
  min-height: 42px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  text-align: center;
`;
