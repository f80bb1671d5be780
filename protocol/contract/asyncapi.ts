import { VideoBand } from '../sockets.ts';
import { wireCodes } from './codes.ts';
import { toJsonSchema, type JsonSchema } from './jsonSchema.ts';
import { CONTRACT_CONTACT, CONTRACT_LICENSE, CONTRACT_TERMS_URL, CONTRACT_VERSION } from './openapi.ts';
import { frames, SOCKET_CHANNELS, type SocketChannel } from './sockets.ts';

/**
 * docs/api/asyncapi.json: AsyncAPI 3.0 for the notification and machine sockets, built from the
 * frame unions in protocol/sockets.ts. The document describes the operator's server:
 * `receive` operations are the client's frames, `send` operations the server's. Payloads are
 * JSON Schema draft-07 (AsyncAPI's default schema format).
 */

export type Direction = 'client' | 'server';

/** components.messages key of a frame: `machine.server.joined`. */
export function messageKey(channel: SocketChannel['id'], direction: Direction, type: string): string {
  return `${channel}.${direction}.${type}`;
}

function describe(channel: SocketChannel, direction: Direction, type: string): string {
  const text = (direction === 'client' ? channel.clientFrames : channel.serverFrames)[type];
  if (text === undefined) {
    throw new Error(`the ${channel.id} socket's ${direction} frame '${type}' has no description in protocol/contract/sockets.ts`);
  }
  return text;
}

/** Schemas shared by frames, with a line each: every copy in a payload becomes a $ref to components.schemas. */
const SHARED: Record<string, { schema: JsonSchema; description: string }> = {
  VideoBand: {
    schema: toJsonSchema(VideoBand, 'draft-07'),
    description:
      "One video band of a machine (the `joined` frame's `bands`): the client shows them sorted by `Order`, descending, and POSTs its WHEP offer to `whepUrl` (openapi.json's `components.pathItems.WhepEndpoint`)",
  },
};

/** The payload with every copy of a shared schema replaced by its $ref; counts what it replaced. */
function withRefs(schema: unknown, used: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, used));
  if (typeof schema !== 'object' || schema === null) return schema;
  const text = JSON.stringify(schema);
  for (const [name, shared] of Object.entries(SHARED)) {
    if (text === JSON.stringify(shared.schema)) {
      used.add(name);
      return { $ref: `#/components/schemas/${name}` };
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withRefs(value, used)]));
}

const DESCRIPTION = `The two WebSockets between the Reelside client and an operator's backend. Generated from the zod schemas in \`protocol/sockets.ts\` (\`npm run contract\`); the prose reference is \`docs/protocol.md\`, the REST calls and WHEP are in \`openapi.json\` beside this file.

- This document describes the operator's server: its \`receive\` operations are the frames the client sends, its \`send\` operations the frames the client accepts.
- Each frame is one JSON object (one text message) with a \`type\`. Unknown fields are ignored. A frame that is not JSON, has an unknown \`type\` or wrong fields is answered \`{type: 'error', code: 40000}\` and the socket stays open. Frames over 16 KB close the socket (1009).
- The address is the setting's (a path on the site or an absolute \`wss://\` URL) with the login token as the \`token\` query parameter. A missing, forged or expired token gets an error frame (40000, 10 or 50100) and close 4401.
- A login session is one thing on every channel: when it ends, its sockets get \`{type: 'error', code}\` and close with 4401 and the code as the reason (\`x-close-codes\` of each channel).
- Money is integer minor units.`;

export function buildAsyncApi(): JsonSchema {
  const channels: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  const messages: Record<string, JsonSchema> = {};
  const usedSchemas = new Set<string>();

  for (const channel of SOCKET_CHANNELS) {
    const channelMessages: Record<string, JsonSchema> = {};
    const byDirection: Record<Direction, string[]> = { client: [], server: [] };
    for (const direction of ['client', 'server'] as const) {
      for (const frame of frames(direction === 'client' ? channel.client : channel.server)) {
        const key = messageKey(channel.id, direction, frame.type);
        messages[key] = {
          name: frame.type,
          title: `${frame.type} (${direction === 'client' ? 'client → server' : 'server → client'})`,
          description: describe(channel, direction, frame.type),
          contentType: 'application/json',
          payload: withRefs(toJsonSchema(frame.schema, 'draft-07'), usedSchemas),
        };
        channelMessages[key] = { $ref: `#/components/messages/${key}` };
        byDirection[direction].push(key);
      }
    }
    const extraClient = Object.keys(channel.clientFrames).filter((type) => !byDirection.client.includes(messageKey(channel.id, 'client', type)));
    const extraServer = Object.keys(channel.serverFrames).filter((type) => !byDirection.server.includes(messageKey(channel.id, 'server', type)));
    if (extraClient.length + extraServer.length > 0) {
      throw new Error(`the ${channel.id} socket describes frames its schemas do not have: ${[...extraClient, ...extraServer].join(', ')}`);
    }
    channels[channel.id] = {
      address: channel.defaultAddress,
      title: channel.title,
      description: `${channel.description}\n\nAddress: Settings.${channel.setting} (default \`${channel.defaultAddress}\`), with \`?token=<login token>\`.`,
      servers: [{ $ref: '#/servers/operator' }],
      messages: channelMessages,
      bindings: {
        ws: {
          method: 'GET',
          query: {
            type: 'object',
            properties: { token: { type: 'string', description: 'the token of the login answer' } },
            required: ['token'],
          },
          bindingVersion: '0.1.0',
        },
      },
      'x-close-codes': channel.closeCodes,
    };
    const pick = (direction: Direction) => byDirection[direction].map((key) => ({ $ref: `#/channels/${channel.id}/messages/${key}` }));
    const common = {
      channel: { $ref: `#/channels/${channel.id}` },
      security: [{ $ref: '#/components/securitySchemes/token' }],
      tags: [{ $ref: `#/components/tags/${channel.id}` }],
    };
    operations[`${channel.id}.receive`] = {
      action: 'receive',
      ...common,
      title: `The client's frames on the ${channel.title.toLowerCase()}`,
      description: channel.clientOperation,
      messages: pick('client'),
    };
    operations[`${channel.id}.send`] = {
      action: 'send',
      ...common,
      title: `The operator's frames on the ${channel.title.toLowerCase()}`,
      description: channel.serverOperation,
      messages: pick('server'),
    };
  }

  const unused = Object.keys(SHARED).filter((name) => !usedSchemas.has(name));
  if (unused.length > 0) throw new Error(`no frame carries the shared schema ${unused.join(', ')}: drop it from SHARED`);
  const tags = Object.fromEntries(
    [...SOCKET_CHANNELS].sort((a, b) => a.id.localeCompare(b.id)).map((channel) => [channel.id, { name: channel.id, description: channel.summary }]),
  );

  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Reelside operator sockets',
      version: CONTRACT_VERSION,
      description: DESCRIPTION,
      contact: CONTRACT_CONTACT,
      // AsyncAPI 3's License object has a name and a url, no SPDX identifier.
      license: { name: CONTRACT_LICENSE.name, url: CONTRACT_TERMS_URL },
      tags: Object.keys(tags).map((id) => ({ $ref: `#/components/tags/${id}` })),
    },
    defaultContentType: 'application/json',
    servers: {
      operator: {
        host: '{host}',
        protocol: 'wss',
        description: "The operator's socket host (ws on plain HTTP). With the default settings, the site that serves the client",
        variables: { host: { default: 'localhost:8080', description: 'host and port of MACHINE_URL and NOTIFICATION_URL' } },
      },
    },
    channels,
    operations,
    components: {
      schemas: Object.fromEntries(Object.entries(SHARED).map(([name, { schema, description }]) => [name, { ...schema, description }])),
      messages,
      securitySchemes: {
        token: {
          type: 'httpApiKey',
          in: 'query',
          name: 'token',
          description: 'The token of the login answer (a JWT: its payload is TokenClaims in openapi.json), as the `token` query parameter of the socket URL',
        },
      },
      tags,
    },
    'x-error-codes': wireCodes(),
  };
}
