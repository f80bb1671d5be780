import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { Jurisdiction } from './jurisdiction.ts';

/**
 * /Settings.json: the operator's external settings. Every field is optional; the client merges
 * what is present over DEFAULT_SETTINGS (SPEC §9).
 */
export const LiveChat = lazySchema(() => z.enum(['none', 'tawk', 'jivo']));
export type LiveChat = z.infer<typeof LiveChat>;

export const Settings = lazySchema(() => z.object({
  API_URL: z.string(),
  MACHINE_URL: z.string(),
  NOTIFICATION_URL: z.string(),
  SHOW_LOBBY: z.boolean(),
  CLICK_SOUND: z.boolean(),
  VOLUME: z.number().check(z.gte(0), z.lte(1)),
  DISCOUNT_MIN: z.int().check(z.nonnegative()),
  DISCOUNT_BALANCE_CHECK: z.boolean(),
  AUTO_DISCOUNT: z.boolean(),
  AUTO_BONUS: z.boolean(),
  LIVE_CHAT: LiveChat,
  LIVE_CHAT_ID: z.string(),
  DEFAULT_LANG: z.enum(['en', 'tr', 'ar', 'bg']),
  SITE_ID: z.int().check(z.nonnegative()),
  PIN_CHECK: z.boolean(),
  /** The idle-lock PIN a player has until they choose their own (the Turkish lock text names it). */
  DEFAULT_PIN: z.string().check(z.regex(/^\d{4,6}$/, 'a PIN is 4 to 6 digits')),
  IP_CHEKCING: z.boolean(),
  LANG_SELECT: z.boolean(),
  ALLOW_0_BALANCE_TO_PLAY: z.boolean(),
  HIDE_HEADER_BAR: z.boolean(),
  TOKEN_LOGIN: z.boolean(),
  LOGIN_SPLASH: z.boolean(),
  CONTACT_WHATSAPP: z.string(),
  CONTACT_TELEGRAM: z.string(),
  EXTERNAL_INFO: z.boolean(),
  LAYOUT: z.enum(['layout1', 'layout2', 'layout3']),
  CURRENCY: z.string().check(z.length(3)),
  HOT_FLAG_LIMIT: z.int().check(z.nonnegative()),
  MAX_ALL_IN_LIMIT: z.int().check(z.nonnegative()),
  LOBBY_UPDATE_SECONDS: z.number().check(z.positive()),
  FPS: z.int().check(z.positive()),
  HOT_COIN_PRICES: z.array(z.int().check(z.positive())),
  /** Whose rules of play the floor enforces (protocol/protection.ts; docs/operators.md, "Jurisdictions"). */
  JURISDICTION: Jurisdiction,
  /**
   * The reality check's interval in minutes a player has until they choose another; null: the
   * jurisdiction's default (protocol/protection.ts, REALITY_CHECKS). Always one of the choices.
   */
  REALITY_CHECK_MINUTES: z.nullable(z.int().check(z.positive(), z.lte(24 * 60))),
  /** The intervals a player may choose from, in minutes; null: the jurisdiction's list. */
  REALITY_CHECK_CHOICES: z.nullable(z.array(z.int().check(z.positive(), z.lte(24 * 60))).check(z.minLength(1), z.maxLength(12))),
}));
export type Settings = z.infer<typeof Settings>;

export const SettingsOverrides = lazySchema(() => z.partial(Settings));
export type SettingsOverrides = z.infer<typeof SettingsOverrides>;

export const DEFAULT_SETTINGS: Settings = {
  API_URL: '/api',
  MACHINE_URL: '/ws/machine',
  NOTIFICATION_URL: '/ws/notification',
  SHOW_LOBBY: true,
  CLICK_SOUND: true,
  VOLUME: 1,
  DISCOUNT_MIN: 100,
  DISCOUNT_BALANCE_CHECK: true,
  AUTO_DISCOUNT: false,
  AUTO_BONUS: false,
  LIVE_CHAT: 'none',
  LIVE_CHAT_ID: '',
  DEFAULT_LANG: 'en',
  SITE_ID: 0,
  PIN_CHECK: true,
  DEFAULT_PIN: '1234',
  IP_CHEKCING: true,
  LANG_SELECT: true,
  ALLOW_0_BALANCE_TO_PLAY: true,
  HIDE_HEADER_BAR: false,
  TOKEN_LOGIN: false,
  LOGIN_SPLASH: false,
  CONTACT_WHATSAPP: '',
  CONTACT_TELEGRAM: '',
  EXTERNAL_INFO: true,
  LAYOUT: 'layout1',
  CURRENCY: 'USD',
  HOT_FLAG_LIMIT: 20000,
  MAX_ALL_IN_LIMIT: 2500000,
  LOBBY_UPDATE_SECONDS: 10,
  FPS: 30,
  HOT_COIN_PRICES: [500, 5000, 10000, 50000, 100000],
  JURISDICTION: 'default',
  REALITY_CHECK_MINUTES: null,
  REALITY_CHECK_CHOICES: null,
};

/** Merge external settings over the defaults; unknown keys are ignored, bad values rejected. */
export function mergeSettings(raw: unknown): Settings {
  const overrides = SettingsOverrides.parse(raw);
  return { ...DEFAULT_SETTINGS, ...overrides };
}
