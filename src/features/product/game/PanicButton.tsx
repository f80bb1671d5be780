import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE } from './layout.ts';
import { GameIcon } from './icons.tsx';
import { useSelfLock } from '../protection/useSelfLock.ts';

/**
 * The panic button (Germany's GlüStV §6i): clearly labelled, always in view where the player can
 * play, and one press locks the player out for 24 hours — the law forbids asking to confirm.
 * The lock logs the player out; the login page says why.
 */
export function PanicButton() {
  const { t } = useLingui();
  const { lock: panic, busy } = useSelfLock();
  return (
    <Panic
      type="button"
      data-testid="panic-button"
      aria-label={t`Panic button: lock my account for 24 hours now`}
      aria-busy={busy}
      disabled={busy}
      onClick={() => panic.send({ type: 'user.panic' })}
    >
      <GameIcon name="lock" size={20} />
      <span className="text">
        <Trans>24 h lock</Trans>
      </span>
    </Panic>
  );
}

const Panic = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 14px 0 10px;
  border-radius: 22px;
  border: 2px solid ${({ theme }) => theme.colors.danger};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.danger} 18%, transparent);
  color: #fff;
  font: inherit;
  font-weight: 700;
  white-space: nowrap;
  cursor: pointer;
  &:disabled { opacity: 0.6; cursor: progress; }
  /* Beside the picture the row has the theme's surface (white in the light looks). */
  @container ${GAME} ${LANDSCAPE} { color: ${({ theme }) => theme.colors.text}; }
  /* Short: as narrow as its round neighbours, its words under the lock. */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    flex-direction: column;
    gap: 0;
    width: 48px;
    padding: 4px 2px;
    border-radius: 14px;
    font-size: 0.625rem;
    line-height: 1.1;
    white-space: normal;
    text-align: center;
  }
`;
