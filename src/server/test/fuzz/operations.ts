import fc from 'fast-check';
import { asText, deepJson, encodeText, hostileValue } from './hostile';

/** The part of JSON Schema the OpenAPI document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with {param} placeholders. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  /** The JSON body's schema, when the operation declares one. */
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation of the document (each method of each path). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => {
    if (!s?.$ref) return s;
    return doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''];
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return ops;
}

const SMALL_ID = fc.integer({ min: 1, max: 5 });

/**
 * A plausible value for a schema, so that the rest of a request passes validation and the hostile field
 * reaches the code behind it. Ids are small (1..5: the records the test created).
 */
export function sampleOf(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => sampleOf(s, name)));
  if (schema.allOf?.length) return sampleOf(Object.assign({}, ...schema.allOf), name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const lower = name.toLowerCase();
  switch (type) {
    case 'integer':
    case 'number': {
      if (lower.endsWith('id')) return SMALL_ID;
      // Decimal bounds (e.g. a glucose reading from 0.5) round inwards to the integers between them.
      const min = Math.ceil(Math.max(schema.minimum ?? 0, -1_000_000));
      return fc.integer({ min, max: Math.max(min, Math.floor(Math.min(schema.maximum ?? 100, min + 5000))) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(sampleOf(schema.items, name), { minLength: schema.minItems ?? 0, maxLength: 3 });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, sampleOf(props[k], k)])), {
        requiredKeys: schema.required?.filter((k) => keys.includes(k)) ?? [],
      });
    }
    default:
      return sampleText(schema, lower);
  }
}

function sampleText(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.pattern?.startsWith('^\\d')) return SMALL_ID.map(String);
  if (schema.format === 'email' || name.includes('email'))
    return fc.constant(`fuzz${Date.now()}@example.test`);
  if (schema.format === 'date-time') return fc.constant(new Date().toISOString());
  if (name.includes('date') || name.endsWith('at')) return fc.constantFrom('2026-12-01', '2027-01-15');
  if (name.includes('time')) return fc.constantFrom('09:00', '9:00 AM', '14:30');
  if (name.includes('phone')) return fc.constant('876-555-0142');
  if (name.endsWith('id')) return SMALL_ID.map(String);
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
}

/** A request as app.inject takes it. */
export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A client address of its own (127.0.9.x), as an attacker rotating addresses: per-address limits do not hide the handlers. */
  remoteAddress: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Bodies no JSON parser should choke on with a 5xx. */
const RAW_JSON = fc.constantFrom(
  '{"a":',
  '',
  'null',
  '"\\u0000"',
  '{"a":"\\ud800"}',
  `${'['.repeat(100_000)}`,
  '{"__proto__":{"isAdmin":true}}',
  '\u0000',
  '{"a":1,"a":2}',
  '1e999999',
);

/** multipart/form-data bodies: malformed (no boundary, truncated, garbage, too many parts) and odd but well formed. */
function multipartBody(): fc.Arbitrary<{ headers: Record<string, string>; payload: Buffer }> {
  const boundary = 'fuzzboundary0042';
  const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
    `${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${value}\r\n`;
  const wellFormed = fc
    .tuple(
      fc.constantFrom('photo', 'document', 'file', 'type', ''),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('id', 'passport', 'police_record', 'selfie', 'address_proof', '\u0000', '2147483648'),
      fc.uint8Array({ maxLength: 64 }),
    )
    .map(([field, filename, docType, bytes]) =>
      Buffer.concat([
        Buffer.from(part('type', docType)),
        Buffer.from(part(field, '', filename).replace(/\r\n$/, '')),
        Buffer.from(bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    );
  return fc.oneof(
    fc.constant({ headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.from('hello') }),
    fc.constant({
      headers: { 'content-type': 'multipart/form-data; boundary=' },
      payload: Buffer.from('--\r\n'),
    }),
    wellFormed.map((payload) => ({ headers: type, payload })),
    fc.tuple(wellFormed, fc.nat()).map(([payload, cut]) => ({
      headers: type,
      payload: payload.subarray(0, cut % Math.max(1, payload.length)),
    })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ headers: type, payload: Buffer.from(bytes) })),
    fc.constant({
      headers: type,
      payload: Buffer.from(
        `${Array.from({ length: 40 }, (_, i) => part(`f${i}`, 'x')).join('')}--${boundary}--\r\n`,
      ),
    }),
  );
}

type Body = { headers: Record<string, string>; payload?: string | Buffer };
const json = (v: unknown): Body => ({ headers: JSON_TYPE, payload: JSON.stringify(v) ?? 'null' });

/** A whole body that is wrong as a whole: a hostile JSON value, broken JSON, multipart, another type. */
function hostileBody(op: Operation): fc.Arbitrary<Body> {
  return fc.oneof(
    { arbitrary: hostileValue.map(json), weight: 2 },
    { arbitrary: fc.constant(json(deepJson(1000, 'object'))), weight: 1 },
    { arbitrary: RAW_JSON.map((payload) => ({ headers: JSON_TYPE, payload })), weight: 1 },
    { arbitrary: multipartBody(), weight: op.body ? 1 : 4 },
    {
      arbitrary: fc.constantFrom<Body>(
        { headers: {} },
        { headers: { 'content-type': 'text/plain' }, payload: 'hello\u0000' },
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&b=2147483648' },
        { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
      ),
      weight: 1,
    },
  );
}

/** Where the hostile value goes: one place per request, so that everything else can pass validation. */
type Target =
  | { kind: 'path' | 'query'; index: number }
  | { kind: 'field'; key: string }
  | { kind: 'body' | 'extra-query' | 'none' };

function targetsOf(op: Operation): Target[] {
  const targets: Target[] = [
    ...op.pathParams.flatMap((_, index) => [
      { kind: 'path' as const, index },
      { kind: 'path' as const, index },
    ]),
    ...op.queryParams.map((_, index) => ({ kind: 'query' as const, index })),
    { kind: 'extra-query' },
    { kind: 'none' },
  ];
  if (op.method !== 'GET') {
    const keys = Object.keys(op.body?.properties ?? {});
    targets.push(
      ...[...keys, ...keys, '\u0000', 'unknownField'].map((key) => ({ kind: 'field' as const, key })),
    );
    targets.push({ kind: 'body' }, { kind: 'body' });
  }
  return targets;
}

const sampleParam = (p: Param) => sampleOf(p.schema, p.name).map(asText);

/** The arbitrary of hostile requests for one operation: plausible everywhere but one place. */
export function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const key = fc.option(fc.string({ unit: fc.constantFrom(...'aZ09-_ !~\t'.split('')), maxLength: 300 }), {
    freq: 5,
  });
  return fc.constantFrom(...targetsOf(op)).chain((target) => {
    const hostileText = hostileValue.map(asText);
    const path = fc
      .tuple(
        ...op.pathParams.map((p, i) =>
          target.kind === 'path' && target.index === i ? hostileText : sampleParam(p),
        ),
      )
      .map((values) =>
        op.pathParams.reduce(
          (url, p, i) => url.replace(`{${p.name}}`, encodeText(values[i]) || '%20'),
          op.path,
        ),
      );
    const values = fc.tuple(
      ...op.queryParams.map(
        (p, i): fc.Arbitrary<string[]> =>
          target.kind === 'query' && target.index === i
            ? fc.tuple(hostileText, fc.boolean()).map(([v, twice]) => (twice ? [v, v] : [v]))
            : fc.option(sampleParam(p), { nil: undefined, freq: 2 }).map((v) => (v === undefined ? [] : [v])),
      ),
    );
    const extra: fc.Arbitrary<[string, string][]> =
      target.kind === 'extra-query'
        ? fc.tuple(fc.constantFrom('\u0000', 'a[b]', '__proto__', 'limit'), hostileText).map((kv) => [kv])
        : fc.constant([]);
    const query = fc.tuple(values, extra).map(([vs, more]) => {
      const pairs = [...op.queryParams.flatMap((p, i) => vs[i].map((v) => [p.name, v])), ...more];
      return pairs.length ? `?${pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')}` : '';
    });
    let body: fc.Arbitrary<Body> = fc.constant({ headers: {} });
    if (target.kind === 'body') body = hostileBody(op);
    else if (op.method !== 'GET') {
      const valid = sampleOf(op.body ?? { type: 'object' });
      body =
        target.kind === 'field'
          ? fc.tuple(valid, hostileValue).map(([v, h]) => json({ ...(v as object), [target.key]: h }))
          : valid.map(json);
    }
    const host = fc.integer({ min: 1, max: 254 });
    return fc.tuple(path, query, body, key, host).map(([p, q, b, idempotencyKey, h]) => ({
      method: op.method,
      url: `${p}${q}`,
      headers: { ...b.headers, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
      payload: b.payload,
      remoteAddress: `127.0.9.${h}`,
    }));
  });
}
