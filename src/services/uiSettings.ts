import { z } from 'zod/mini';
import type { StoredUiSettings, UiSettings } from '../../machines/uiSettings.ts';
import { UserSettingsResponse } from '../../protocol/template.ts';
import type { Http } from './http.ts';
import { GUEST_LOOK_KEY } from './storage.ts';

/**
 * Where the player's look is kept (SPEC §6): this browser's local storage for a guest, the
 * player's profile document (GET /api/auth/user, POST /api/auth/user/update) otherwise.
 */

/**
 * Every field on its own: one unknown value (an old preset, a hand edit) drops only itself. The
 * theme presets are the app's to name (src/theme): they come in as `presetIds`.
 */
const storedSchema = (presetIds: readonly string[]) => {
  const preset = z.string().check(z.refine((id) => presetIds.includes(id)));
  return z.object({
  theme: z.catch(
    z.optional(
      z.object({
        main: z.catch(z.optional(preset), undefined),
        navbar: z.catch(z.optional(preset), undefined),
        toolbar: z.catch(z.optional(preset), undefined),
        footer: z.catch(z.optional(preset), undefined),
      }),
    ),
    undefined,
  ),
  layout: z.catch(z.optional(z.enum(['layout1', 'layout2', 'layout3'])), undefined),
  direction: z.catch(z.optional(z.enum(['auto', 'ltr', 'rtl'])), undefined),
  customScrollbars: z.catch(z.optional(z.boolean()), undefined),
  animations: z.catch(z.optional(z.boolean()), undefined),
  shortcuts: z.catch(z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50))), undefined),
  });
};

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The part of a stored document that is valid settings (null: nothing usable). */
export function parseStored(document: unknown, presetIds: readonly string[]): StoredUiSettings | null {
  if (typeof document !== 'object' || document === null) return null;
  const parsed = storedSchema(presetIds).safeParse(document);
  if (!parsed.success) return null;
  const { theme, ...rest } = parsed.data;
  const stored: StoredUiSettings = dropUndefined(rest);
  const themeParts = theme ? dropUndefined(theme) : {};
  if (Object.keys(themeParts).length > 0) stored.theme = themeParts;
  return Object.keys(stored).length > 0 ? stored : null;
}

/** This browser's copy, for a guest. */
export const localUiSettings = (presetIds: readonly string[]) => ({
  read(): StoredUiSettings | null {
    try {
      const text = window.localStorage.getItem(GUEST_LOOK_KEY);
      return text ? parseStored(JSON.parse(text), presetIds) : null;
    } catch {
      return null; // storage disabled or a broken copy: the defaults apply
    }
  },
  write(settings: UiSettings): void {
    try {
      window.localStorage.setItem(GUEST_LOOK_KEY, JSON.stringify(settings));
    } catch {
      // not kept: the look still applies until the page is left
    }
  },
});

/** The profile document is the settings themselves (the simulator keeps any JSON object). */
export function createUiSettingsService(http: Http, presetIds: readonly string[]) {
  return {
    async fetch(): Promise<StoredUiSettings | null> {
      const answer = await http.get('/auth/user', UserSettingsResponse);
      return parseStored(answer.user, presetIds);
    },
    async save(settings: UiSettings): Promise<void> {
      await http.post('/auth/user/update', { user: settings }, UserSettingsResponse);
    },
  };
}
