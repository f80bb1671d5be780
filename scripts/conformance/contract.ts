import { Ajv as AjvDraft7, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildAsyncApi, messageKey } from '../../protocol/contract/asyncapi.ts';
import type { JsonSchema } from '../../protocol/contract/jsonSchema.ts';
import { buildOpenApi } from '../../protocol/contract/openapi.ts';

/**
 * The conformance suite's judge: answers and frames are checked against the contract documents
 * (docs/api/openapi.json and asyncapi.json, built here from the same source), not against the
 * zod schemas directly, and a mismatch is said as its first difference.
 */

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** A JSON value, short enough for one line of a report. */
export function snippet(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** `$.balance: must be integer (got "1000.00")` */
export function describeError(error: ErrorObject, data: unknown): string {
  const path = `$${error.instancePath.replaceAll('/', '.')}`;
  if (error.keyword === 'required') return `${path}: missing required field "${(error.params as { missingProperty: string }).missingProperty}"`;
  if (error.keyword === 'additionalProperties') {
    return `${path}: unexpected field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  }
  const detail = error.keyword === 'enum' || error.keyword === 'const' ? ` ${snippet((error.params as { allowedValues?: unknown; allowedValue?: unknown }).allowedValues ?? (error.params as { allowedValue?: unknown }).allowedValue)}` : '';
  return `${path}: ${error.message ?? error.keyword}${detail} (got ${snippet(valueAt(data, error.instancePath), 60)})`;
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export class Contract {
  readonly openApi = buildOpenApi();
  readonly asyncApi = buildAsyncApi();
  readonly #rest = new Ajv2020({ strict: false, allErrors: false });
  readonly #frames = new AjvDraft7({ strict: false, allErrors: false });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.#rest);
    addFormats(this.#frames);
    const schemas = (this.openApi.components as { schemas: Record<string, JsonSchema> }).schemas;
    this.#rest.addSchema({ $id: 'contract:openapi', $defs: this.#local(schemas) });
    const frameSchemas = (this.asyncApi.components as { schemas?: Record<string, JsonSchema> }).schemas ?? {};
    this.#frames.addSchema({ $id: 'contract:asyncapi', definitions: this.#localFrame(frameSchemas) });
  }

  #local(value: unknown): JsonSchema {
    return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"contract:openapi#/$defs/')) as JsonSchema;
  }

  #localFrame(value: unknown): JsonSchema {
    return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"contract:asyncapi#/definitions/')) as JsonSchema;
  }

  operation(id: string): { method: string; path: string; operation: Operation } {
    for (const [path, item] of Object.entries(this.openApi.paths as Record<string, Record<string, unknown>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if ((operation as { operationId?: string }).operationId === id) return { method, path, operation: operation as Operation };
      }
    }
    throw new Error(`the contract has no operation ${id}`);
  }

  /** The statuses the contract lets this call answer. */
  statuses(id: string): string[] {
    return Object.keys(this.operation(id).operation.responses);
  }

  /** Null when the body is what the contract says for this call and status; else the first difference. */
  restDifference(id: string, status: number, body: unknown): string | null {
    const { operation } = this.operation(id);
    const response = operation.responses[String(status)];
    if (!response) return `the contract has no ${status} answer for this call (it has ${Object.keys(operation.responses).join(', ')})`;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return null;
    const key = `rest:${id}:${status}`;
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#rest.compile(this.#local(schema));
      this.#compiled.set(key, validate);
    }
    if (validate(body)) return null;
    return describeError(validate.errors![0]!, body);
  }

  /** Validates a JSON Schema component of the REST document (TokenClaims, ...). */
  componentDifference(name: string, value: unknown): string | null {
    const key = `component:${name}`;
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#rest.compile({ $ref: `contract:openapi#/$defs/${name}` });
      this.#compiled.set(key, validate);
    }
    return validate(value) ? null : describeError(validate.errors![0]!, value);
  }

  /** Null when a frame from the server is one the contract lists for this channel; else the first difference. */
  frameDifference(channel: 'notification' | 'machine', frame: unknown): string | null {
    const type = typeof frame === 'object' && frame !== null ? (frame as { type?: unknown }).type : undefined;
    const messages = (this.asyncApi.components as { messages: Record<string, { payload: JsonSchema }> }).messages;
    const known = Object.keys(messages)
      .filter((key) => key.startsWith(`${channel}.server.`))
      .map((key) => key.slice(`${channel}.server.`.length));
    if (typeof type !== 'string' || !known.includes(type)) {
      return `a frame of type ${snippet(type)} the ${channel} socket does not send (the contract has ${known.join(', ')}): ${snippet(frame)}`;
    }
    const key = messageKey(channel, 'server', type);
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#frames.compile(this.#localFrame(messages[key]!.payload));
      this.#compiled.set(key, validate);
    }
    return validate(frame) ? null : `${type} frame ${describeError(validate.errors![0]!, frame)}`;
  }
}
