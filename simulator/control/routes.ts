import { z } from 'zod/mini';
import { AllowedCountriesRequest, FaultRequest, SimHealth } from '../../protocol/control.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { Settings, SettingsOverrides } from '../../protocol/settings.ts';
import { ok, unchecked, type Route } from '../http/router.ts';
import type { ControlState } from './state.ts';

/**
 * /sim/*: steering for tests and demos. Mounted only when the simulator runs with control on.
 * Answers with a protocol schema go through `ok`; the country list and the fault count have none.
 */

// Strict: a misspelt setting in a test should fail loudly, not be silently ignored.
const SettingsPatch = z.strictObject(SettingsOverrides.shape);
const Done = { code: ErrorCode.requestSuccessful };

export function controlRoutes(control: ControlState, startedAt: number, now: () => number): Route[] {
  return [
    {
      method: 'GET',
      path: '/sim/health',
      handle: () => {
        return ok(SimHealth, {
          status: 'ok',
          uptimeSeconds: Math.max(0, (now() - startedAt) / 1000),
          pendingFaults: control.pendingFaults(),
          allowedCountries: control.allowedCountries(),
        });
      },
    },
    {
      method: 'PUT',
      path: '/sim/settings',
      handle: async (request) => {
        control.overrideSettings(await request.body(SettingsPatch));
        return ok(Settings, control.settings());
      },
    },
    {
      method: 'DELETE',
      path: '/sim/settings',
      handle: () => {
        control.resetSettings();
        return ok(Settings, control.settings());
      },
    },
    {
      method: 'PUT',
      path: '/sim/allowed-countries',
      handle: async (request) => {
        const { countries } = await request.body(AllowedCountriesRequest);
        control.setAllowedCountries(countries);
        return unchecked({ countries: control.allowedCountries() });
      },
    },
    {
      method: 'DELETE',
      path: '/sim/allowed-countries',
      handle: () => {
        control.resetAllowedCountries();
        return unchecked({ countries: control.allowedCountries() });
      },
    },
    {
      method: 'POST',
      path: '/sim/fault',
      handle: async (request) => {
        control.addFault(await request.body(FaultRequest));
        return unchecked({ ...Done, Params: { pendingFaults: control.pendingFaults() } });
      },
    },
    {
      method: 'DELETE',
      path: '/sim/fault',
      handle: () => {
        control.clearFaults();
        return ok(OkResponse, Done);
      },
    },
  ];
}
