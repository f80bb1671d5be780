import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { selectLimits, selectLimitSaving, selectLimitsFailed, selectLimitsFailure } from '../../../../machines/playerLimits.selectors.ts';
import type { playerLimitsMachine } from '../../../../machines/playerLimits.ts';
import { isMoneyLimit, MAX_SESSION_MINUTES, type LimitKind, type PlayerLimit } from '../../../../protocol/protection.ts';
import { Button } from '../../../ui/Button.tsx';
import { showToast } from '../../../ui/toasts.tsx';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { Card, Field, FieldHint, Input } from '../common/controls.ts';
import { useAccountFormat } from '../common/format.ts';
import { failureText } from '../errors/codeMessages.ts';
import { Lead } from './cardParts.ts';

/** Each limit's name, as the card and the protection history say it. */
export const LIMIT_LABELS: Record<LimitKind, MessageDescriptor> = {
  lossDay: msg`Daily loss limit`,
  lossWeek: msg`Weekly loss limit`,
  lossMonth: msg`Monthly loss limit`,
  transferDay: msg`Daily transfer limit`,
  sessionTime: msg`Session time limit`,
};

/** A limit's value as the player reads it: money, or minutes of a session. */
export function useLimitValue(): (kind: LimitKind, amount: number) => string {
  const { t } = useLingui();
  const format = useAccountFormat();
  return useCallback((kind: LimitKind, amount: number) => (isMoneyLimit(kind) ? format.money(amount) : t`${amount} min`), [t, format]);
}

/** Minutes as typed (a whole number from 1 to a day's), or null. */
export function minutesOf(typed: string): number | null {
  const match = /^\s*(\d{1,4})\s*$/.exec(typed);
  const minutes = match ? Number(match[1]) : 0;
  return minutes > 0 && minutes <= MAX_SESSION_MINUTES ? minutes : null;
}

/** An amount as typed (major units, a dot or a comma, at most two decimals) in minor units, or null when it is none. */
export function minorOf(typed: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(typed);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/**
 * Player protection on the profile: the money limits the player sets themselves — net loss per
 * day, week and month, money put on machines per day. A lower limit counts at once; a higher one
 * or none waits 24 hours, and the card says when. The figures are the operator's word.
 */
export function LimitsCard() {
  const { i18n } = useLingui();
  const titleId = useId();
  const limits = useActorRef(useLogic().playerLimits, useActorOptions());
  const view = useSelector(limits, selectLimits);
  const failed = useSelector(limits, selectLimitsFailed);
  const failure = useSelector(limits, selectLimitsFailure);
  useEffect(() => {
    if (failure && !failed) showToast(failureText(i18n, failure), 'error');
  }, [failure, failed, i18n]);
  return (
    <Card aria-labelledby={titleId} data-testid="limits">
      <h2 id={titleId}>
        <Trans>Limits</Trans>
      </h2>
      <Lead>
        <Trans>Set how much you can lose or put on machines, and how long one session may last, before play stops you. A lower limit counts at once; a higher one, or none, only after 24 hours.</Trans>
      </Lead>
      {failed ? (
        <Lead role="alert">
          <Trans>Your limits could not be loaded.</Trans>{' '}
          <Button type="button" $variant="ghost" onClick={() => limits.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Lead>
      ) : (
        view?.limits.map((limit) => <LimitRow key={limit.kind} actor={limits} limit={limit} required={view.mandatory.includes(limit.kind)} />)
      )}
    </Card>
  );
}

function LimitRow({ actor, limit, required }: { actor: ActorRefFrom<typeof playerLimitsMachine>; limit: PlayerLimit; required: boolean }) {
  const { i18n, t } = useLingui();
  const value = useLimitValue();
  const saving = useSelector(actor, selectLimitSaving);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const money = isMoneyLimit(limit.kind);
  const amount = money ? minorOf(typed) : minutesOf(typed);
  const busy = saving !== null;
  const mine = saving?.kind === limit.kind;
  const now = limit.amount === null ? t`No limit` : value(limit.kind, limit.amount);
  const pendingFrom = limit.pending ? i18n.date(new Date(limit.pending.from), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const pendingAmount = limit.pending?.amount == null ? '' : value(limit.kind, limit.pending.amount);
  const set = (value: number | null) => {
    actor.send({ type: 'user.setLimit', kind: limit.kind, amount: value });
    setTyped('');
  };
  return (
    <Row data-testid={`limit-${limit.kind}`} aria-busy={mine}>
      <Field>
        <label htmlFor={inputId}>{i18n._(LIMIT_LABELS[limit.kind])}</label>
        <FieldHint id={hintId}>
          <span data-testid="limit-now">{now}</span>
          {required && (
            <>
              {' · '}
              <Trans>Required here</Trans>
            </>
          )}
          {limit.pending && (
            <span data-testid="limit-pending">
              {' · '}
              {limit.pending.amount === null ? <Trans>No limit from {pendingFrom}</Trans> : <Trans>{pendingAmount} from {pendingFrom}</Trans>}
            </span>
          )}
        </FieldHint>
        <Entry>
          <Input
            id={inputId}
            inputMode={money ? 'decimal' : 'numeric'}
            autoComplete="off"
            placeholder={money ? t`Amount` : t`Minutes, 1 to ${MAX_SESSION_MINUTES}`}
            aria-describedby={hintId}
            aria-invalid={typed !== '' && amount === null}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="button" disabled={busy || amount === null} onClick={() => set(amount)}>
            {mine && saving?.amount !== null ? <Trans>Saving...</Trans> : <Trans>Set</Trans>}
          </Button>
          {limit.amount !== null && !required && (
            <Button type="button" $variant="ghost" disabled={busy || limit.pending?.amount === null} onClick={() => set(null)}>
              <Trans>Remove</Trans>
            </Button>
          )}
        </Entry>
      </Field>
    </Row>
  );
}

const Row = styled.div`
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The amount and its buttons on one line, the buttons a thumb's target. */
const Entry = styled.div`
  display: flex;
  gap: 8px;
  > input { flex: 1 1 auto; min-width: 0; }
  > button { flex: 0 0 auto; min-height: 44px; }
`;
