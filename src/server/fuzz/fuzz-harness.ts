import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, givePayoutAccount } from '#tests/factories/offers.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { violation } from './fuzz-checks.ts';

/**
 * The API fuzzer (issue 14 section 1): for every operation of the OpenAPI document, fast-check builds
 * malformed requests (wrong types, sizes up to the body limit, Unicode, nulls, arrays, objects for
 * scalars, injection strings, traversal and odd values in ids and queries, wrong content types), sent
 * through app.inject as a visitor or with the token of an account that owns objects. Each answer must
 * be below 500; an error must be a French `{detail, code}` (or DESIGN.md's 422 list); no body may
 * carry a stack trace or SQL.
 *
 * FUZZ_SEED (default 424242; `random` draws one and prints it), FUZZ_RUNS (default 100 per
 * operation), FUZZ_ONLY (`METHOD /path` of one operation) reproduce or widen a run.
 */

export const BODY_LIMIT = 1024 * 1024;

/** Operations of the document not fuzzed here as HTTP calls, with the reason. */
export const EXCLUDED_OPERATIONS: Record<string, string> = {
  // None today: the WebSocket routes (/api/v1/ws, /api/v1/support/chat/ws) and the simulator's pages
  // are hidden from the document, and the raw-body webhook is fuzzed like any route, its signature
  // header included (signatureArb).
};

/** Which file fuzzes which tags: files run in parallel workers. Every tag of the document is in one. */
export const FUZZ_GROUPS = {
  accounts: ['health', 'auth', 'users', 'offers', 'slots'],
  money: ['bookings', 'reviews', 'payments', 'payouts', 'messages'],
  moderation: ['admin', 'reports', 'support', 'live-chat'],
} as const;
export type FuzzGroup = keyof typeof FUZZ_GROUPS;

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the fuzzer reads it

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };

export type Operation = {
  key: string;
  method: string;
  path: string;
  tags: string[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  bodySchema?: JsonSchema;
  multipart: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        tags: operation.tags ?? [],
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        bodySchema: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || path.endsWith('/avatar'),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '" OR 1=1 --',
  "' UNION SELECT password_hash FROM users --",
  '1) OR pg_sleep(5) --',
  '%',
  '_',
  '\\',
  "\\'; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/dev/zero',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uDC00\uD800',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  '\u200B\u200D\uFEFF',
  '👩‍👩‍👧‍👦🇫🇷',
  'e\u0301\u0301\u0301\u0301',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '0.5',
  '99999999999999999999999',
  '-9223372036854775809',
  '2147483648',
  '9007199254740993',
  '0x10',
  '1_000',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '',
  ' ',
  '\t\r\n',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '2026-02-30T25:61:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '275760-09-13T00:00:00.001Z',
  '2026-03-29T02:30:00',
  'http://evil.example/x',
  '//evil.example',
  'CON',
  'ä'.repeat(300),
];

/** Every UTF-16 code unit, lone surrogates included. */
const codeUnitString = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength });

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: codeUnitString(40) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(257, 4_097, 65_537).map((n) => 'x'.repeat(n)) },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    1e308,
    -1e308,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER,
    1e21,
  ),
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
);

/** Keys that attack the object model of a naive merge. */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', '__defineGetter__'];

/**
 * A JSON value as text pieces: objects are kept as entry lists so that `__proto__` stays a plain key
 * (assigning it to an object would set the prototype instead).
 */
type JsonValue = null | boolean | number | string | JsonValue[] | { entries: [string, JsonValue][] };

const hostileValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileScalar as fc.Arbitrary<JsonValue> },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 8 })), tie('value')), {
          maxLength: 3,
        })
        .map((entries) => ({ entries })),
    },
  ),
})).value;

function serialize(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`).join(',')}}`;
}

// ---------------------------------------------------------------------------------------------
// Values that look right (to get past validation), mixed with hostile ones

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value the schema would accept, most of the time; ids are those of the fuzz fixtures. */
function plausible(schema: JsonSchema | undefined, ids: readonly string[], depth = 0): fc.Arbitrary<JsonValue> {
  if (!schema || depth > 3) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => plausible(variant, ids, depth + 1)));
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], ids, depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as JsonValue[]));
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.constantFrom(...ids);
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, 60);
      // Injection strings in otherwise valid requests: they reach the queries behind validation.
      const fitting = HOSTILE_STRINGS.filter((text) => text.length >= min && text.length <= (schema.maxLength ?? 60));
      return fc.oneof(
        fc.string({ unit: 'grapheme', minLength: Math.min(min, max), maxLength: max }),
        ...(fitting.length ? [fc.constantFrom(...fitting)] : []),
      );
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 100_000, 1_000_000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items, ids, depth + 1), { maxLength: 4 });
    case 'object':
      return objectFor(schema, ids, depth);
    default:
      return hostileValue;
  }
}

/**
 * An object of the schema's properties: all plausible (to reach the code behind validation), or each
 * plausible or hostile, sometimes missing; sometimes with extra and polluting keys.
 */
function objectFor(schema: JsonSchema, ids: readonly string[], depth: number): fc.Arbitrary<JsonValue> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = (hostileWeight: number) =>
    properties.map(([name, property]) => {
      const value = fc
        .oneof(
          { weight: 3, arbitrary: plausible(property, ids, depth + 1) },
          { weight: hostileWeight, arbitrary: hostileValue },
        )
        .map((item): [string, JsonValue] => [name, item]);
      return required.has(name) && hostileWeight === 0 ? value : fc.option(value, { freq: 6, nil: undefined });
    });
  const extras = fc.array(fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'extra', ''), hostileValue), { maxLength: 2 });
  const build = (chosen: ([string, JsonValue] | undefined)[], extra: [string, JsonValue][]) => ({
    entries: [...chosen.filter((entry): entry is [string, JsonValue] => entry !== undefined), ...extra],
  });
  return fc.oneof(
    fc.tuple(...fields(0)).map((chosen) => build(chosen, [])),
    fc.tuple(fc.tuple(...fields(1)), extras).map(([chosen, extra]) => build(chosen, extra)),
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

export type FuzzActor = 'visitor' | 'helper' | 'seeker' | 'admin';

/** What the fuzzer sends: plain data, so a failure prints (and shrinks to) the request itself. */
export type FuzzRequest = {
  actor: FuzzActor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json, text/html',
  '*/*',
  '',
];

const RAW_BODIES: (string | Buffer)[] = [
  '{',
  '{"a":',
  '[1,2',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  'a=1&a=2&__proto__[x]=1',
  '------x\r\nContent-Disposition: form-data; name="file"; filename="../../a.png"\r\n\r\nxx\r\n------x--\r\n',
  Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
];

/** A body of `size` bytes, valid JSON, around the body limit. */
const sizedBody = fc
  .constantFrom(10_000, 200_000, BODY_LIMIT - 64, BODY_LIMIT + 1, BODY_LIMIT * 2)
  .map((size) => `{"content":"${'a'.repeat(Math.max(0, size - 14))}"}`);

const signatureArb = fc.oneof(
  fc.constantFrom('', 't=1,v1=abc', 't=99999999999,v1=' + '0'.repeat(64), 'v1=', 't=,v1=,v0=', 'garbage'),
  hostileString,
);

function percentEncodeMaybe(value: string): fc.Arbitrary<string> {
  // Raw: `/`, `?`, `#` and `%` go as they are (traversal, a bad escape); encoded: as a client would.
  return fc.constantFrom(encodeURIComponent(safeUnicode(value)), rawUrlPiece(value));
}

/** Lone surrogates cannot be percent-encoded (encodeURIComponent throws): a client sends U+FFFD. */
function safeUnicode(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function rawUrlPiece(value: string): string {
  // What a careless client puts in a URL: spaces and non-ASCII escaped, the rest as is.
  return safeUnicode(value).replace(/[\s\u0080-\uffff]/gu, (char) => encodeURIComponent(char));
}

function pathValue(parameter: Parameter, ids: readonly string[]): fc.Arbitrary<string> {
  const schema = parameter.schema ?? {};
  const plausibleText =
    schema.format === 'uuid'
      ? fc.constantFrom(...ids)
      : parameter.name === 'year'
        ? fc.integer({ min: 1990, max: 2110 }).map(String)
        : fc.constantFrom(...ids, 'cs_test_inconnu');
  const hostile = fc.oneof(
    hostileString,
    fc.constantFrom('..', '../..', '..%2f..%2fadmin', '%2e%2e', '.', '%', '%zz', '%C0%AE', 'a/b', '?x=1', '#x'),
    fc.constantFrom(99, 101, 300, 5_000).map((n) => '1'.repeat(n)),
  );
  return fc.oneof({ weight: 1, arbitrary: plausibleText }, { weight: 2, arbitrary: hostile.map(String) });
}

function queryValue(parameter: Parameter, ids: readonly string[]): fc.Arbitrary<string[]> {
  const one = fc.oneof(
    {
      weight: 2,
      arbitrary: plausible(parameter.schema, ids).map((value) =>
        typeof value === 'string' ? value : serialize(value),
      ),
    },
    { weight: 3, arbitrary: hostileString },
  );
  // Repeated keys: Fastify's query parser makes an array of them.
  return fc.oneof(
    { weight: 4, arbitrary: one.map((value) => [value]) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
  );
}

function queryString(operation: Operation, ids: readonly string[]): fc.Arbitrary<string> {
  const known = operation.queryParams.map((parameter) =>
    fc.option(
      queryValue(parameter, ids).map((values): [string, string[]] => [parameter.name, values]),
      {
        freq: 3,
        nil: undefined,
      },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__[admin]', 'constructor[prototype][admin]', '__proto__', 'limit[]', 'skip[$gt]', 'x'),
      hostileString.map((value) => [value]),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...known), extra, fc.boolean()).map(([chosen, more, encode]) => {
    const pairs = [...chosen.filter((entry): entry is [string, string[]] => entry !== undefined), ...more];
    const parts = pairs.flatMap(([name, values]) =>
      values.map(
        (value) =>
          `${encodeURIComponent(name)}=${encode ? encodeURIComponent(safeUnicode(value)) : rawUrlPiece(value).replace(/[&#]/g, encodeURIComponent)}`,
      ),
    );
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function bodyArb(operation: Operation, ids: readonly string[]): fc.Arbitrary<string | Buffer | undefined> {
  const schemaBody = operation.bodySchema
    ? plausible(operation.bodySchema, ids).map(serialize)
    : hostileValue.map(serialize);
  return fc.oneof(
    { weight: 8, arbitrary: schemaBody },
    { weight: 3, arbitrary: hostileValue.map(serialize) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: codeUnitString(60) },
    { weight: 1, arbitrary: sizedBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const authorizationArb = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Bearer a.b.c',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
);

/** `arbitrary` one time in `oneIn`, undefined otherwise. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/** The whole request of one fuzz run for `operation`. */
export function requestArb(operation: Operation, ids: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...operation.pathParams.map((parameter) => pathValue(parameter, ids).chain(percentEncodeMaybe)))
    .map((values) => {
      let url = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, values[index] ?? '');
      });
      return url;
    });
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method) || operation.multipart;
  return fc
    .record({
      actor: fc.constantFrom<FuzzActor>('visitor', 'helper', 'seeker', 'admin'),
      path,
      query: queryString(operation, ids),
      body: hasBody ? bodyArb(operation, ids) : rarely(bodyArb(operation, ids), 8),
      // Mostly JSON, so the body reaches validation and the code behind it.
      contentType: fc.oneof(
        { weight: 3, arbitrary: fc.constant('application/json') },
        { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      badAuthorization: rarely(authorizationArb, 10),
      signature: rarely(signatureArb, 2),
      address: fc.integer({ min: 1, max: 250 }),
    })
    .map(({ actor, path: url, query, body, contentType, badAuthorization, signature, address }) => {
      const headers: Record<string, string> = {};
      if (body !== undefined && contentType) headers['content-type'] = contentType;
      if (badAuthorization) headers.authorization = badAuthorization;
      if (signature !== undefined) headers['stripe-signature'] = safeUnicode(signature).replace(/[^\x20-\x7e]/g, '?');
      return {
        actor: badAuthorization ? 'visitor' : actor,
        method: operation.method,
        url: `${url}${query}`,
        headers,
        ...(body === undefined ? {} : { payload: body }),
        // Per-address limits spread over many addresses, so checks past them get exercised too.
        remoteAddress: `10.0.${address % 16}.${address}`,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Running

export type FuzzContext = {
  t: TestApp;
  operations: Operation[];
  ids: string[];
  users: Record<Exclude<FuzzActor, 'visitor'>, UserRow>;
};

/** The app, its document, and accounts that own objects (their ids feed the path and body values). */
export async function startFuzz(): Promise<FuzzContext> {
  const t = await buildTestApp();
  const db = t.app.ctx.db;
  const [helper, seeker, admin] = await Promise.all([createHelper(db), createSeeker(db), createAdmin(db)]);
  await givePayoutAccount(db, helper, true);
  const offer = await createOffer(db, helper);
  const paid = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 3000 }] });
  const slotStart = hoursFromNow(30, 1);
  const slot = await createSlot(db, helper, {
    startAt: slotStart,
    endAt: new Date(slotStart.getTime() + 3 * 3_600_000),
  });
  const booking = await createBooking(db, { offer, seeker, startAt: hoursFromNow(50, 2) });
  const conversation = await createConversation(db, { offer, seeker });
  const message = await postMessage(db, { conversation, sender: seeker });
  const ids = [
    helper.id,
    seeker.id,
    admin.id,
    offer.id,
    paid.id,
    slot.id,
    booking.id,
    conversation.id,
    message.id,
    '00000000-0000-4000-8000-000000000000',
  ];
  return { t, operations: operationsOf(t.app.swagger()), ids, users: { helper, seeker, admin } };
}

export function fuzzSettings(): { seed: number; runs: number; only: string | undefined } {
  const seedText = process.env.FUZZ_SEED ?? '424242';
  const seed = seedText === 'random' ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : Number(seedText);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${seedText}`);
  const runs = Number(process.env.FUZZ_RUNS ?? '100');
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive integer`);
  return { seed, runs, only: process.env.FUZZ_ONLY };
}

/** One seed per operation, from the run's seed: an operation's failure replays alone with FUZZ_ONLY. */
export function operationSeed(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function send(context: FuzzContext, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const user = request.actor === 'visitor' ? null : context.users[request.actor];
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  // A malformed Authorization header of the request wins over the actor's token.
  if (user && !request.headers.authorization) return context.t.injectAs(user, options);
  return context.t.app.inject(options);
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? `\n  payload (bytes): ${request.payload.toString('hex').slice(0, 200)}`
        : `\n  payload (${request.payload.length} chars): ${JSON.stringify(request.payload.slice(0, 400))}`;
  return `${request.method} ${request.url}\n  as ${request.actor} from ${request.remoteAddress}\n  headers: ${JSON.stringify(request.headers)}${payload}`;
}

/**
 * Fuzzes one operation: `runs` requests; throws on the first property broken, with the seed to
 * replay and the shrunk request.
 */
export async function fuzzOperation(
  context: FuzzContext,
  operation: Operation,
  seed: number,
  runs: number,
  statuses: Map<number, number> = new Map(),
): Promise<number> {
  let sent = 0;
  let lastFailure = '';
  const property = fc.asyncProperty(requestArb(operation, context.ids), async (request) => {
    const response = await send(context, request);
    sent += 1;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const problem = violation(response);
    if (problem) {
      lastFailure = `broken: ${problem}\n  body: ${response.body.slice(0, 600)}`;
      return false;
    }
    return true;
  });
  const result = await fc.check(property, {
    seed: operationSeed(seed, operation.key),
    numRuns: runs,
    endOnFailure: false,
  });
  if (result.failed) {
    throw new Error(
      `fuzz: ${operation.key} broke a property (FUZZ_SEED=${seed} FUZZ_ONLY="${operation.key}" replays it; ` +
        `fast-check seed ${result.seed}, path ${result.counterexamplePath ?? ''}, shrunk ${result.numShrinks} times)\n` +
        `  request: ${result.counterexample ? describeRequest(result.counterexample[0]) : '?'}\n` +
        (result.errorInstance instanceof Error && !lastFailure
          ? `  thrown: ${result.errorInstance.stack}`
          : `  ${lastFailure}`),
    );
  }
  return sent;
}
