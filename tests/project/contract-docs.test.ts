import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractFiles } from '../../scripts/contract.ts';

/**
 * The published contract (docs/api/openapi.json and asyncapi.json) is documented throughout, as
 * Spectral (spectral:oas, spectral:asyncapi) and Redocly (recommended) want it: every operation has
 * a summary and a description, every socket operation and message a description, and every server
 * variable a default, one that makes a usable URL. The rules are checked here on the committed
 * files, so the linters need not be installed.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const OPENAPI = 'docs/api/openapi.json';
const ASYNCAPI = 'docs/api/asyncapi.json';

type Node = Record<string, unknown>;

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Node;
const object = (value: unknown): Node => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {});
const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** What a server's variables lack: every `{name}` declared, with a default (in its enum), none unused. */
function serverVariableProblems(server: Node, where: string, urlKeys: readonly string[] = ['url']): string[] {
  const problems: string[] = [];
  const template = urlKeys.map((key) => (typeof server[key] === 'string' ? server[key] : '')).join(' ');
  const named = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const variables = object(server.variables);
  for (const name of named) {
    const variable = object(variables[name]);
    if (!(name in variables)) problems.push(`${where}: {${name}} is not declared in variables`);
    else if (typeof variable.default !== 'string') problems.push(`${where}: variable ${name} has no default`);
    else if (Array.isArray(variable.enum) && !variable.enum.includes(variable.default)) problems.push(`${where}: the default of ${name} is not in its enum`);
  }
  for (const name of Object.keys(variables)) if (!named.includes(name)) problems.push(`${where}: variable ${name} is not in the URL`);
  return problems;
}

/** Spectral's oas3-server-variables: the URL with every default put in must be an absolute URL. */
function substitutionProblem(server: Node, where: string): string | null {
  const url = typeof server.url === 'string' ? server.url : '';
  if (!/\{[^}]+\}/.test(url)) return null;
  const variables = object(server.variables);
  const filled = url.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURI(String(object(variables[name]).default ?? '')));
  return URL.canParse(filled) ? null : `${where}: with its defaults the URL is ${JSON.stringify(filled)}, not a URL`;
}

/** Spectral's info-contact and Redocly's info-license: who answers for the document, on what terms. */
function infoProblems(document: Node): string[] {
  const info = object(document.info);
  const problems: string[] = [];
  if (!text(object(info.contact).name)) problems.push('/info: no contact');
  if (!text(object(info.license).name)) problems.push('/info: no license');
  return problems;
}

function openApiProblems(document: Node): string[] {
  const problems: string[] = infoProblems(document);
  const servers = (list: unknown, where: string, checkSubstitution: boolean) => {
    (Array.isArray(list) ? list : []).forEach((server, index) => {
      const at = `${where}/servers/${index}`;
      problems.push(...serverVariableProblems(object(server), at));
      const substitution = checkSubstitution ? substitutionProblem(object(server), at) : null;
      if (substitution) problems.push(substitution);
    });
  };
  const pathItem = (item: Node, where: string, checkSubstitution: boolean) => {
    servers(item.servers, where, checkSubstitution);
    for (const method of METHODS) {
      if (!(method in item)) continue;
      const operation = object(item[method]);
      const at = `${where}/${method}`;
      for (const field of ['operationId', 'summary', 'description']) if (!text(operation[field])) problems.push(`${at}: no ${field}`);
      servers(operation.servers, at, checkSubstitution);
    }
  };
  servers(document.servers, '', true);
  for (const [path, item] of Object.entries(object(document.paths))) pathItem(object(item), `/paths/${path.replaceAll('/', '~1')}`, true);
  for (const [name, item] of Object.entries(object(object(document.components).pathItems))) {
    // A reusable path item's URL is dynamic (a band's whepUrl): its variables need defaults, not an absolute one.
    pathItem(object(item), `/components/pathItems/${name}`, false);
  }
  return problems;
}

function asyncApiProblems(document: Node): string[] {
  const problems: string[] = infoProblems(document);
  for (const [name, server] of Object.entries(object(document.servers))) {
    problems.push(...serverVariableProblems(object(server), `/servers/${name}`, ['host', 'pathname']));
  }
  for (const [name, operation] of Object.entries(object(document.operations))) {
    if (!text(object(operation).description)) problems.push(`/operations/${name}: no description`);
  }
  const components = object(document.components);
  for (const [name, message] of Object.entries(object(components.messages))) {
    if (!text(object(message).description)) problems.push(`/components/messages/${name}: no description`);
  }
  for (const [id, channel] of Object.entries(object(document.channels))) {
    for (const [name, message] of Object.entries(object(object(channel).messages))) {
      if (!('$ref' in object(message)) && !text(object(message).description)) problems.push(`/channels/${id}/messages/${name}: no description`);
    }
  }
  return problems;
}

describe('the contract documents are documented throughout (docs/api)', () => {
  it('are the generator’s output (run `npm run contract` when this fails)', () => {
    const files = contractFiles();
    for (const path of [OPENAPI, ASYNCAPI]) expect(read(path), path).toEqual(JSON.parse(files.get(path)!));
  });

  it('openapi.json: every operation has an operationId, a summary and a description; every server variable a default that makes a URL', () => {
    const document = read(OPENAPI);
    expect(openApiProblems(document)).toEqual([]);
    expect(Object.keys(object(document.paths)).length).toBeGreaterThan(20);
  });

  it('asyncapi.json: every operation and message has a description; every server variable a default', () => {
    const document = read(ASYNCAPI);
    expect(asyncApiProblems(document)).toEqual([]);
    expect(Object.keys(object(object(document.components).messages)).length).toBeGreaterThan(20);
  });

  it('the checks do find an operation or message without a description and a variable without a default', () => {
    const openApi = read(OPENAPI);
    delete object(openApi.info).license;
    const login = object(object(object(openApi.paths)['/login']).post);
    delete login.description;
    openApi.servers = [{ url: '{apiUrl}', variables: { apiUrl: { description: 'no default' } } }];
    object(object(openApi.paths)['/check']).servers = [{ url: '{apiParent}', variables: { apiParent: { default: '' } } }];
    const whep = object(object(object(openApi.components).pathItems).WhepSession);
    delete object(whep.delete).description;
    expect(openApiProblems(openApi)).toEqual([
      '/info: no license',
      '/servers/0: variable apiUrl has no default',
      '/servers/0: with its defaults the URL is "", not a URL',
      '/paths/~1check/servers/0: with its defaults the URL is "", not a URL',
      '/paths/~1login/post: no description',
      '/components/pathItems/WhepSession/delete: no description',
    ]);

    const asyncApi = read(ASYNCAPI);
    delete object(asyncApi.info).contact;
    delete object(object(asyncApi.operations)['machine.send']).description;
    object(object(object(asyncApi.components).messages)['machine.server.spin']).description = ' ';
    object(object(asyncApi.servers).operator).host = '{host}:{port}';
    expect(asyncApiProblems(asyncApi)).toEqual([
      '/info: no contact',
      '/servers/operator: {port} is not declared in variables',
      '/operations/machine.send: no description',
      '/components/messages/machine.server.spin: no description',
    ]);
  });
});
