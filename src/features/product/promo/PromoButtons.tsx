import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { formatMoney } from '../../../../protocol/format.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useActorOptions, useLogic, useSettings } from '../../viewRuntime.tsx';
import type { PromoKind } from '../../../../machines/promo.ts';
import { selectBalanceLimit, selectGranted, selectNotice, selectNoticeCount, selectPromoFailure, selectRequesting } from '../../../../machines/promo.selectors.ts';

/** The discount and bonus buttons, each only when its AUTO_ setting is on. */
export function PromoButtons() {
  const settings = useSettings();
  // Neither is on: no empty row under the page's heading.
  if (!settings.AUTO_DISCOUNT && !settings.AUTO_BONUS) return null;
  return (
    <Row>
      {settings.AUTO_DISCOUNT && <PromoButton kind="discount" />}
      {settings.AUTO_BONUS && <PromoButton kind="bonus" />}
    </Row>
  );
}

function PromoButton({ kind }: { kind: PromoKind }) {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  const logic = useLogic();
  const promo = useActorRef(logic.promo, { ...useActorOptions(), input: logic.promoInput(kind) });
  const limit = useSelector(promo, selectBalanceLimit);
  const busy = useSelector(promo, selectRequesting);
  const granted = useSelector(promo, selectGranted);
  const notice = useSelector(promo, selectNotice);
  const failure = useSelector(promo, selectPromoFailure);
  const noticeSeq = useSelector(promo, selectNoticeCount);

  useEffect(() => {
    if (granted === null) return;
    const amount = formatMoney(granted, settings.CURRENCY, i18n.locale);
    showToast(t`You received ${amount}`, 'success');
  }, [granted, t, i18n, settings.CURRENCY]);
  useEffect(() => {
    if (failure) showToast(failureText(i18n, failure), 'error');
  }, [failure, i18n]);
  useEffect(() => {
    if (notice === 'tooSoon') {
      showToast(kind === 'discount' ? t`You can use discount only once per 5 minutes` : t`You can use bonus only once per 5 minutes`, 'warning');
    } else if (notice === 'balanceTooHigh' && limit !== null) {
      const amount = formatMoney(limit, settings.CURRENCY, i18n.locale);
      showToast(t`Your balance must be below ${amount}`, 'warning');
    }
  }, [notice, noticeSeq, kind, limit, t, i18n, settings.CURRENCY]);

  return (
    <Button
      type="button"
      $variant="ghost"
      aria-busy={busy}
      onClick={() => promo.send({ type: 'user.claim' })}
    >
      {kind === 'discount' ? <Trans>Discount</Trans> : <Trans>Bonus</Trans>}
    </Button>
  );
}

const Row = styled.div`
  display: flex;
  gap: 8px;
`;
