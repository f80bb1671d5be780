import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatClock, formatDateTime } from '../../../ui/dates.ts';
import { formatMoney, formatNumber, moneyFormat } from '../../../../protocol/format.ts';
import { useSettings } from '../../viewRuntime.tsx';

export interface AccountFormat {
  /** Minor units as currency in the UI language. */
  money(minor: number): string;
  /** The same with a sign, for results: +$12.40, -$24.00, $0.00. */
  signedMoney(minor: number): string;
  dateTime(iso: string): string;
  /** A moment (epoch ms) as the time of day (hours and minutes). */
  clock(at: number): string;
  /** Seconds as m:ss, or h:mm:ss from an hour on. */
  duration(seconds: number): string;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** Money, dates and durations of the account screens in the UI language and the operator's currency. */
export function useAccountFormat(): AccountFormat {
  const { i18n } = useLingui();
  const { CURRENCY } = useSettings();
  const locale = i18n.locale;
  return useMemo(() => {
    const signed = moneyFormat(locale, CURRENCY, { signDisplay: 'exceptZero' });
    return {
      money: (minor) => formatMoney(minor, CURRENCY, locale),
      signedMoney: (minor) => formatNumber(signed, minor / 100, locale),
      dateTime: (iso) => formatDateTime(iso, locale),
      clock: (at) => formatClock(at, locale),
      duration: formatDuration,
    };
  }, [locale, CURRENCY]);
}

/**
 * A wide currency (US$ in Arabic, щ.д. in Bulgarian) may break from its figure at the space
 * between them, never inside the figure: only a no-break space beside a non-digit becomes a space
 * (Bulgarian's thousands separator, a no-break space between digits, stays).
 */
export function breakableCurrency(text: string): string {
  return text.replace(/(?<!\d)\u00a0|\u00a0(?!\d)/g, ' ');
}
