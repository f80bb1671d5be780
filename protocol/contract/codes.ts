import { AccountCode } from '../account.ts';
import { ErrorCode } from '../errors.ts';
import { FloorCode } from '../sockets.ts';

/** Every code the wire carries, named as in protocol/ (ErrorCode, FloorCode, AccountCode). */
export interface WireCode {
  code: number;
  name: string;
  /** Where it is defined. */
  set: 'ErrorCode' | 'FloorCode' | 'AccountCode';
  /** The name in words. */
  meaning: string;
}

function words(name: string): string {
  return name.replace(/([A-Z])/g, ' $1').toLowerCase();
}

export function wireCodes(): WireCode[] {
  const sets = { ErrorCode, FloorCode, AccountCode } as const;
  const codes: WireCode[] = [];
  for (const [set, values] of Object.entries(sets) as [WireCode['set'], Record<string, number>][]) {
    for (const [name, code] of Object.entries(values)) codes.push({ code, name, set, meaning: words(name) });
  }
  return codes.sort((a, b) => a.code - b.code);
}
