import type { z } from 'zod/mini';
import type { FaultRequest } from '../../protocol/control.ts';
import { DEFAULT_SETTINGS, type Settings, type SettingsOverrides } from '../../protocol/settings.ts';

/**
 * What tests and demos can change at run time: the settings /Settings.json serves, the
 * countries that may log in, and injected faults. Lives in memory: a restart forgets it.
 */

export type Fault = z.output<typeof FaultRequest>;

export class ControlState {
  readonly #baseSettings: SettingsOverrides;
  readonly #baseCountries: readonly string[];
  #settingsOverrides: SettingsOverrides = {};
  #allowedCountries: Set<string>;
  #faults: Fault[] = [];

  constructor(baseSettings: SettingsOverrides, allowedCountries: readonly string[]) {
    this.#baseSettings = baseSettings;
    this.#baseCountries = allowedCountries.map((code) => code.toUpperCase());
    this.#allowedCountries = new Set(this.#baseCountries);
  }

  settings(): Settings {
    return { ...DEFAULT_SETTINGS, ...this.#baseSettings, ...this.#settingsOverrides };
  }

  /** Successive overrides accumulate until reset. */
  overrideSettings(overrides: SettingsOverrides): void {
    this.#settingsOverrides = { ...this.#settingsOverrides, ...overrides };
  }

  resetSettings(): void {
    this.#settingsOverrides = {};
  }

  allowedCountries(): string[] {
    return [...this.#allowedCountries].sort();
  }

  isCountryAllowed(country: string): boolean {
    return this.#allowedCountries.has(country.toUpperCase());
  }

  setAllowedCountries(countries: readonly string[]): void {
    this.#allowedCountries = new Set(countries.map((code) => code.toUpperCase()));
  }

  resetAllowedCountries(): void {
    this.#allowedCountries = new Set(this.#baseCountries);
  }

  addFault(fault: Fault): void {
    this.#faults.push({ ...fault });
  }

  clearFaults(): void {
    this.#faults = [];
  }

  pendingFaults(): number {
    return this.#faults.reduce((sum, fault) => sum + fault.times, 0);
  }

  /** Consumes one use of the oldest fault whose path prefixes `path` (and method, if it names one), if any. */
  takeFault(path: string, method: string): Fault | undefined {
    const fault = this.#faults.find((candidate) => path.startsWith(candidate.path) && (candidate.method === undefined || candidate.method === method));
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.#faults = this.#faults.filter((candidate) => candidate !== fault);
    return fault;
  }
}
