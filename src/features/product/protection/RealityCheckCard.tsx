import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  selectIntervalChoosing,
  selectIntervalFailed,
  selectIntervalFailure,
  selectIntervalSettings,
} from '../../../../machines/checkInterval.selectors.ts';
import { Button } from '../../../ui/Button.tsx';
import { showToast } from '../../../ui/toasts.tsx';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { Card } from '../common/controls.ts';
import { failureText } from '../errors/codeMessages.ts';
import { Choices, Lead } from './cardParts.ts';

/**
 * Player protection on the profile: how often the reality check pauses play, chosen from the
 * operator's list. The interval shown is the operator's word (pressed: aria-pressed), the one on
 * its way is busy; a failed save is said in a toast and the kept one stays pressed.
 */
export function RealityCheckCard() {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const interval = useActorRef(useLogic().checkInterval, useActorOptions());
  const settings = useSelector(interval, selectIntervalSettings);
  const choosing = useSelector(interval, selectIntervalChoosing);
  const failed = useSelector(interval, selectIntervalFailed);
  const failure = useSelector(interval, selectIntervalFailure);
  useEffect(() => {
    if (failure && !failed) showToast(failureText(i18n, failure), 'error');
  }, [failure, failed, i18n]);
  const label = (minutes: number) => {
    const hours = minutes / 60;
    return minutes % 60 === 0 ? t`${hours} h` : t`${minutes} min`;
  };
  return (
    <Card aria-labelledby={titleId} data-testid="reality-checks">
      <h2 id={titleId}>
        <Trans>Reality checks</Trans>
      </h2>
      <Lead>
        <Trans>While you play, the game pauses every so often to show how long you have played and what you have won or lost. Choose how often.</Trans>
      </Lead>
      {failed ? (
        <Lead role="alert">
          <Trans>Your reality check setting could not be loaded.</Trans>{' '}
          <Button type="button" $variant="ghost" onClick={() => interval.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Lead>
      ) : (
        <Choices role="group" aria-label={t`Pause my play every`} aria-busy={settings === null || choosing !== null}>
          {(settings?.choices ?? []).map((minutes) => (
            <Button
              key={minutes}
              type="button"
              $variant={minutes === settings?.minutes ? 'primary' : 'ghost'}
              aria-pressed={minutes === settings?.minutes}
              disabled={choosing !== null}
              onClick={() => interval.send({ type: 'user.choose', minutes })}
            >
              {choosing === minutes ? <Trans>Saving...</Trans> : label(minutes)}
            </Button>
          ))}
        </Choices>
      )}
    </Card>
  );
}
