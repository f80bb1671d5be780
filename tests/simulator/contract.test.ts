import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFiles, officialFindings, ROOT_DIR, staleContractFiles } from '../../scripts/contract.ts';
import { checkAsyncApi, checkOpenApi } from '../../scripts/contract/official.ts';
import { buildAsyncApi } from '../../protocol/contract/asyncapi.ts';
import { buildOpenApi } from '../../protocol/contract/openapi.ts';
import { REST_OPERATIONS } from '../../protocol/contract/rest.ts';
import { frames, SOCKET_CHANNELS } from '../../protocol/contract/sockets.ts';
import { MachineServerMessage, NotificationServerMessage } from '../../protocol/sockets.ts';
import { call, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * The operator contract (docs/api/): generated from the zod schemas, committed up to date, valid
 * against the official OpenAPI 3.1 and AsyncAPI 3.0 schemas, in step with the simulator's routes
 * and close codes, and served by the simulator.
 */

describe('the contract documents (docs/api)', () => {
  it('the committed documents match the schemas (run `npm run contract` when this fails)', () => {
    expect(staleContractFiles()).toEqual([]);
  });

  it('validate against the official OpenAPI 3.1 and AsyncAPI 3.0 JSON Schemas', () => {
    expect(officialFindings()).toEqual([]);
  });

  it('the official schemas do find a broken document', () => {
    const openApi = buildOpenApi() as { info: Record<string, unknown>; paths: Record<string, Record<string, { responses: unknown }>> };
    delete openApi.info.version;
    openApi.paths['/login']!.post!.responses = { '200': { content: 'json' } };
    expect(checkOpenApi(openApi).map((finding) => finding.where)).toEqual(
      expect.arrayContaining(['/info', '/paths/~1login/post/responses/200/content']),
    );
    const asyncApi = buildAsyncApi() as { channels: Record<string, Record<string, unknown>>; components: { messages: Record<string, { payload: unknown }> } };
    asyncApi.channels.machine!.address = 42;
    asyncApi.components.messages['machine.server.spin']!.payload = { type: 'reel' };
    const where = checkAsyncApi(asyncApi).map((finding) => finding.where);
    expect(where).toContain('/channels/machine/address');
    expect(where.some((path) => path.startsWith('/components/messages/machine.server.spin/payload'))).toBe(true);
  });

  it('every frame the sockets carry is a message, with its schema', () => {
    const messages = (buildAsyncApi().components as { messages: Record<string, { payload: { properties: { type: { const: string } } } }> }).messages;
    for (const [channel, union] of [
      ['notification', NotificationServerMessage],
      ['machine', MachineServerMessage],
    ] as const) {
      for (const { type } of frames(union)) expect(messages[`${channel}.server.${type}`]?.payload.properties.type.const).toBe(type);
    }
    expect(Object.keys(messages)).toHaveLength(
      SOCKET_CHANNELS.reduce((sum, channel) => sum + frames(channel.client).length + frames(channel.server).length, 0),
    );
  });

  it('the Markdown reference lists every call and every frame', () => {
    const markdown = contractFiles().get('docs/api/README.md')!;
    for (const operation of REST_OPERATIONS) expect(markdown).toContain(`### \`${operation.method.toUpperCase()} ${operation.path}\``);
    for (const channel of SOCKET_CHANNELS) {
      for (const { type } of [...frames(channel.client), ...frames(channel.server)]) expect(markdown).toContain(`**\`${type}\`**`);
    }
  });
});

describe('the contract and the simulator agree', () => {
  const source = (dir: string) =>
    readdirSync(join(ROOT_DIR, dir))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(ROOT_DIR, dir, file), 'utf8'))
      .join('\n');

  it('every REST route of the simulator outside /sim is in the contract', () => {
    const routes = [...`${source('simulator/api')}\n${source('simulator/floor')}`.matchAll(/path: '(\/[^']*)'/g)].map((match) => match[1]!);
    const served = routes.filter((path) => !path.startsWith('/sim') && !['/api/openapi.json', '/api/asyncapi.json'].includes(path));
    const contract = REST_OPERATIONS.map((operation) =>
      operation.base === 'api' ? `/api${operation.path.replace(/\{(\w+)\}/g, ':$1')}` : operation.path,
    );
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((path) => !contract.includes(path))).toEqual([]);
    expect(contract.filter((path) => !served.includes(path))).toEqual([]);
  });

  it('every close code the simulator sends is documented on its channel', () => {
    const code = source('simulator/floor');
    const used = new Set<number>();
    for (const line of code.split('\n')) {
      if (!/close\(|_CLOSE =|UNAUTHORIZED =/.test(line)) continue;
      for (const match of line.matchAll(/\b(1\d{3}|4\d{3})\b/g)) used.add(Number(match[1]));
    }
    expect([...used].sort()).toEqual(expect.arrayContaining([1000, 4001, 4002, 4003, 4004, 4401]));
    const documented = new Set(SOCKET_CHANNELS.flatMap((channel) => channel.closeCodes.map((close) => close.code)));
    expect([...used].filter((close) => !documented.has(close))).toEqual([]);
  });

  describe('served at /api/openapi.json and /api/asyncapi.json', () => {
    let t: TestSimulator;
    beforeAll(async () => {
      t = await startTestSimulator();
    });
    afterAll(async () => {
      await t.close();
    });

    it('as generated', async () => {
      const openApi = await call(`${t.url}/api/openapi.json`);
      expect(openApi.status).toBe(200);
      expect(openApi.body).toEqual(buildOpenApi());
      const asyncApi = await call(`${t.url}/api/asyncapi.json`);
      expect(asyncApi.status).toBe(200);
      expect(asyncApi.body).toEqual(buildAsyncApi());
    });

    it('every call of the contract is routed (no 404 or 405)', async () => {
      for (const operation of REST_OPERATIONS) {
        const path = operation.path.replace('{brandId}', '1');
        const url = operation.base === 'api' ? `${t.url}/api${path}` : `${t.url}${path}`;
        const answer = await call(url, { method: operation.method.toUpperCase(), ...(operation.method === 'post' ? { body: {} } : {}) });
        expect([404, 405], `${operation.method} ${url}`).not.toContain(answer.status);
      }
    });
  });
});
