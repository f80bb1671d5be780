import type { JsonSchema } from '../../protocol/contract/jsonSchema.ts';

/**
 * docs/api/README.md: the two contract documents rendered for people, from the documents
 * themselves (not from the zod schemas), so the page says exactly what the JSON says.
 */

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  description?: string;
  default?: unknown;
};

const SAFE = Number.MAX_SAFE_INTEGER;

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function typeOf(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) {
    const tuple = Array.isArray(schema.items) ? schema.items : schema.prefixItems;
    const single = !Array.isArray(schema.items) ? schema.items : undefined;
    const inner = tuple ? `[${tuple.map(typeOf).join(', ')}]` : `${single ? typeOf(single) : 'any'}[]`;
    return [inner, ...types.filter((t) => t !== 'array')].join(' | ');
  }
  if (types.includes('object') && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `{ [key]: ${typeOf(schema.additionalProperties)} }`;
  }
  if (types.length === 0) return schema.allOf ? schema.allOf.map(typeOf).join(' & ') : 'any';
  return types.join(' | ');
}

function constraints(schema: Schema): string {
  const notes: string[] = [];
  const s = schema as Record<string, unknown>;
  if (typeof s.minimum === 'number' && s.minimum !== -SAFE) notes.push(`≥ ${s.minimum}`);
  if (typeof s.exclusiveMinimum === 'number') notes.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.maximum === 'number' && s.maximum !== SAFE) notes.push(`≤ ${s.maximum}`);
  if (typeof s.minLength === 'number') notes.push(`length ≥ ${s.minLength}`);
  if (typeof s.maxLength === 'number') notes.push(`length ≤ ${s.maxLength}`);
  if (typeof s.pattern === 'string') notes.push(`pattern \`${s.pattern}\``);
  if (typeof s.format === 'string') notes.push(`format ${s.format}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) notes.push(schema.description);
  return notes.join('; ');
}

/** The object branch of `X | null` unions, to list its fields. */
function objectOf(schema: Schema): Schema | null {
  if (schema.properties) return schema;
  const union = schema.anyOf ?? schema.oneOf;
  const objects = union?.filter((branch) => branch.properties) ?? [];
  return objects.length === 1 ? objects[0]! : null;
}

function rows(schema: Schema, prefix: string, out: string[]): void {
  const object = objectOf(schema);
  if (!object?.properties) return;
  for (const [name, field] of Object.entries(object.properties)) {
    const path = `${prefix}${name}`;
    const required = (object.required ?? []).includes(name) ? 'yes' : '';
    out.push(`| \`${path}\` | ${cell(typeOf(field))} | ${required} | ${cell(constraints(field))} |`);
    rows(field, `${path}.`, out);
    if (field.items && !Array.isArray(field.items)) rows(field.items, `${path}[].`, out);
  }
}

export function fieldTable(schema: Schema): string {
  const out: string[] = [];
  rows(schema, '', out);
  if (out.length === 0) return `\`${typeOf(schema)}\`${constraints(schema) ? ` (${constraints(schema)})` : ''}\n`;
  return ['| field | type | required | notes |', '|---|---|---|---|', ...out, ''].join('\n');
}

function resolve(document: Schema, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = refName(schema.$ref);
  const components = (document.components as { schemas: Record<string, Schema> }).schemas;
  return components[name] ?? schema;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

function renderOperation(document: Schema, method: string, path: string, operation: Operation, pathServers: unknown): string[] {
  const out = [`### \`${method.toUpperCase()} ${path}\``, '', `${operation.summary}. ${operation.description}`, ''];
  const where = pathServers ? (pathServers as { description: string }[])[0]?.description : 'under API_URL';
  out.push(`- Where: ${where}`);
  out.push(`- Authorization: ${operation.security.length > 0 ? '`Bearer <token>` (a 401 logs the player out)' : 'none'}`);
  out.push('');
  if (operation.parameters?.length) {
    out.push('Parameters:', '', '| name | in | type | required | notes |', '|---|---|---|---|---|');
    for (const parameter of operation.parameters) {
      out.push(`| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(parameter.schema))} | ${parameter.required ? 'yes' : ''} | ${cell(constraints(parameter.schema))} |`);
    }
    out.push('');
  }
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) out.push(`Body \`${typeOf(body)}\`:`, '', fieldTable(resolve(document, body)));
  const ok = operation.responses['200']?.content?.['application/json']?.schema;
  if (ok) out.push(`200 \`${typeOf(ok)}\`:`, '', fieldTable(resolve(document, ok)));
  const others = Object.entries(operation.responses).filter(([status]) => status !== '200');
  const errors = others.filter(([, response]) => response.content);
  const bare = others.filter(([, response]) => !response.content);
  if (bare.length > 0) {
    out.push('Other answers:', '', '| status | what the client does |', '|---|---|');
    for (const [status, response] of bare) out.push(`| ${status} | ${cell(response.description)} |`);
    out.push('');
  }
  if (errors.length > 0) {
    out.push('Errors (`ApiError`):', '', '| status | code | when |', '|---|---|---|');
    for (const [status, response] of errors) {
      const codes = (response.content?.['application/json']?.schema.properties?.code?.enum ?? []) as number[];
      out.push(`| ${status} | ${codes.join(', ')} | ${cell(response.description)} |`);
    }
    out.push('');
  }
  return out;
}

export function renderMarkdown(openApi: JsonSchema, asyncApi: JsonSchema): string {
  const oas = openApi as Schema;
  const out: string[] = [
    '# The operator contract',
    '',
    '<!-- Generated by `npm run contract` from protocol/ (protocol/contract/). Do not edit: `npm test` fails when it is stale. -->',
    '',
    `What the Reelside client expects of an operator's backend, rendered from [openapi.json](openapi.json) (OpenAPI 3.1: the REST calls and WHEP) and [asyncapi.json](asyncapi.json) (AsyncAPI 3.0: the two WebSockets), contract version ${(oas.info as { version: string }).version}. Both are generated from the zod schemas the client and the simulator parse with; [../protocol.md](../protocol.md) explains the rules in prose, [../operators.md](../operators.md) tells an operator how to deploy and how to run the conformance suite against a backend.`,
    '',
    '## Conventions',
    '',
    (oas.info as { description: string }).description,
    '',
    '## REST',
    '',
  ];
  const tags = oas.tags as { name: string; description: string }[];
  const paths = oas.paths as Record<string, Record<string, unknown>>;
  out.push('| call | area | what |', '|---|---|---|');
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method === 'servers') continue;
      const operation = value as Operation;
      out.push(`| [\`${method.toUpperCase()} ${path}\`](#${slug(`${method} ${path}`)}) | ${operation.tags[0]} | ${cell(operation.summary)} |`);
    }
  }
  out.push('');
  for (const tag of tags) {
    out.push(`## ${tag.name}`, '', tag.description + '.', '');
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, value] of Object.entries(item)) {
        if (method === 'servers' || (value as Operation).tags[0] !== tag.name) continue;
        out.push(...renderOperation(oas, method, path, value as Operation, item.servers));
      }
    }
  }

  out.push('## Shared schemas', '');
  const schemas = (oas.components as { schemas: Record<string, Schema> }).schemas;
  for (const name of ['ApiError', 'TokenClaims']) {
    out.push(`### ${name}`, '', ...(schemas[name]?.description ? [schemas[name].description + '.', ''] : []), fieldTable(schemas[name] ?? {}));
  }
  const asy = asyncApi as Schema;
  const frameSchemas = (asy.components as { schemas?: Record<string, Schema> }).schemas ?? {};
  for (const [name, schema] of Object.entries(frameSchemas)) {
    out.push(`### ${name} (asyncapi.json)`, '', ...(schema.description ? [schema.description + '.', ''] : []), fieldTable(schema));
  }

  const pathItems = (oas.components as { pathItems: Record<string, Record<string, unknown>> }).pathItems;
  out.push('## Video (WHEP)', '');
  for (const item of Object.values(pathItems)) {
    out.push(`**${item.summary as string}.** ${(item.description as string | undefined) ?? ''}`, '');
    for (const [method, value] of Object.entries(item)) {
      if (!['post', 'delete'].includes(method)) continue;
      const operation = value as Operation & { externalDocs: { url: string } };
      out.push(`- \`${method.toUpperCase()}\`: ${operation.summary}. ${operation.description} Answers: ${Object.entries(operation.responses).map(([status, response]) => `${status} (${response.description})`).join(', ')}. Reference: ${operation.externalDocs.url}`);
    }
    out.push('');
  }

  const messages = (asy.components as { messages: Record<string, { name: string; description: string; payload: Schema }> }).messages;
  const operations = asy.operations as Record<string, { action: string; channel: { $ref: string }; description: string }>;
  out.push('## Sockets', '', ((asy.info as { description: string }).description), '');
  for (const [id, value] of Object.entries(asy.channels as Record<string, Schema>)) {
    const channel = value as Schema & { title: string; messages: Record<string, { $ref: string }>; 'x-close-codes': { code: number; reason?: string; meaning: string }[] };
    out.push(`### ${channel.title} (\`${id}\`)`, '', channel.description ?? '', '');
    for (const [direction, label, action] of [['client', 'The client sends', 'receive'], ['server', 'The operator sends', 'send']] as const) {
      const operation = Object.values(operations).find((candidate) => candidate.action === action && candidate.channel.$ref === `#/channels/${id}`);
      out.push(`#### ${label}`, '', ...(operation ? [operation.description, ''] : []));
      for (const reference of Object.values(channel.messages)) {
        const key = refName(reference.$ref);
        if (!key.startsWith(`${id}.${direction}.`)) continue;
        const message = messages[key]!;
        out.push(`**\`${message.name}\`**: ${message.description}.`, '', fieldTable(message.payload));
      }
    }
    out.push('Close codes:', '', '| code | reason | meaning |', '|---|---|---|');
    for (const close of channel['x-close-codes']) out.push(`| ${close.code} | ${cell(close.reason ?? '')} | ${cell(close.meaning)} |`);
    out.push('');
  }

  out.push('## Codes', '', 'Every code on the wire (`x-error-codes` of both documents); the client shows the translation of `CODE_{code}` and falls back to the server\'s text.', '', '| code | name | defined in |', '|---|---|---|');
  for (const code of oas['x-error-codes'] as { code: number; name: string; set: string }[]) out.push(`| ${code.code} | ${code.name} | ${code.set} |`);
  out.push('');
  return out.join('\n');
}
