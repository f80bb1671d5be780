import { z } from 'zod/mini';

/** A JSON Schema document, as plain data. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A zod schema as JSON Schema, for what the receiving side *accepts* (zod's `input`): defaults
 * make a field optional, pipes show what arrives on the wire, unknown keys stay allowed (the
 * client's and the simulator's objects strip them). Refinements that JSON Schema cannot say are
 * left out; the prose says them. `draft-2020-12` for OpenAPI 3.1, `draft-07` for AsyncAPI 3.0.
 */
export function toJsonSchema(schema: z.ZodMiniType, target: 'draft-2020-12' | 'draft-07'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', target, unrepresentable: 'throw' }) as JsonSchema;
  return rest;
}
