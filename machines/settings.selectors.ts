/**
 * settings' named selectors: what the app reads of the operator's settings before it starts.
 */
import type { SnapshotFrom } from 'xstate';
import type { createSettingsMachine } from './settings.ts';

type SettingsSnapshot<S> = SnapshotFrom<ReturnType<typeof createSettingsMachine<S>>>;

/** The operator's settings once read (the defaults where they could not be); null while they load. */
export const selectReadySettings = <S>(snapshot: SettingsSnapshot<S>): S | null => (snapshot.matches('ready') ? snapshot.context.settings : null);
