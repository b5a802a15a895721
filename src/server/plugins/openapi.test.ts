import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponse } from '../../shared/contracts/common';
import { bearer, createCaregiver, createReview, createUser, loginToken } from '../test/factories';
import { DB_KINDS, testEnv, useTestApp } from '../test/harness';
import { OPENAPI_TAGS, openApiOptions, operationIdOf } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
  tags: { name: string }[];
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op,
    })),
  );

/** A signed-in-only operation: no empty requirement among its alternatives. */
const needsSession = (op: Operation) =>
  (op.security ?? []).length > 0 && !op.security?.some((s) => !Object.keys(s).length);

/** Every `$ref` in the document, with where it stands. */
function refsOf(value: unknown, at = '#', found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) refsOf(v, `${at}/${i}`, found);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.push([at, v]);
      else refsOf(v, `${at}/${k}`, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

/** Redocly's no-ambiguous-paths: same length, every segment equal or templated, as many templates. */
function ambiguous(a: string, b: string): boolean {
  const [sa, sb] = [a.split('/'), b.split('/')];
  if (sa.length !== sb.length) return false;
  const isVar = (s: string) => /^\{.+\}$/.test(s);
  if (sa.filter(isVar).length !== sb.filter(isVar).length) return false;
  return sa.every((s, i) => s === sb[i] || isVar(s) || isVar(sb[i]));
}

describe('operationIdOf', () => {
  it('reads as the method and the path, templates as "by"', () => {
    expect(operationIdOf('GET', '/api/bookings/:id/events')).toBe('getBookingsByIdEvents');
    expect(operationIdOf('PUT', '/api/caregivers/me/onboarding-draft')).toBe(
      'putCaregiversMeOnboardingDraft',
    );
    expect(operationIdOf('GET', '/avatars/{file}')).toBe('getAvatarsByFile');
  });
});

describe('the document of a route, completed from its access', () => {
  it('gives security, 400/401/403/429, an operationId and the non-JSON answers', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, openApiOptions(testEnv()));
    const ok = z.object({ ok: z.boolean() });
    const reply = async () => ({ ok: true });
    app.get(
      '/api/open',
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: ok } } },
      reply,
    );
    app.post(
      '/api/mine',
      {
        config: { access: 'user', rateLimit: { max: 1, timeWindow: 1000 } },
        schema: { tags: ['system'], body: ok, response: { 200: ok, 404: ErrorResponse } },
      },
      reply,
    );
    app.get('/api/admins', { config: { access: ['admin'] }, schema: { response: { 200: ok } } }, reply);
    app.get('/api/hidden', { config: { access: 'user' }, schema: { hide: true } }, reply);
    app.get(
      '/files/:name',
      {
        schema: {
          operationId: 'getAFile',
          otherResponses: { 200: { description: 'A file', contentType: 'image/png' }, 404: 'error' },
        },
      },
      async () => '',
    );
    await app.ready();
    const doc = app.swagger() as unknown as Document;
    await app.close();

    const open = doc.paths['/api/open'].get;
    expect(open.operationId).toBe('getOpen');
    expect(open.security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(Object.keys(open.responses).sort()).toEqual(['200', '400', 'default']);

    const mine = doc.paths['/api/mine'].post;
    expect(mine.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    // 403: a write can be refused as cross-site; 429: the route has a rate limit.
    expect(Object.keys(mine.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', 'default']);
    expect(mine.responses['404'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });

    const admins = doc.paths['/api/admins'].get;
    expect(Object.keys(admins.responses).sort()).toEqual(['200', '400', '401', '403', 'default']);
    expect(doc.paths['/api/hidden']).toBeUndefined();

    const file = doc.paths['/files/{name}'].get;
    expect(file.operationId).toBe('getAFile');
    expect(file.security).toEqual([]);
    expect(file.responses['200']).toEqual({
      description: 'A file',
      content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(file.responses['404'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(['ErrorResponse']);
  });
});

describe.each(DB_KINDS)('the OpenAPI document of the app (%s)', (kind) => {
  const t = useTestApp(kind);
  const doc = () => t.app.swagger() as unknown as Document;

  it('names, tags and secures every operation, and documents a success and a 4xx', () => {
    const ops = operations(doc());
    expect(ops.length).toBeGreaterThan(90);
    const declaredTags = new Set(doc().tags.map((tag) => tag.name));
    const schemes = Object.keys(doc().components.securitySchemes);
    const problems: string[] = [];
    for (const { name, op } of ops) {
      if (!op.operationId) problems.push(`${name}: no operationId`);
      if (!op.summary) problems.push(`${name}: no summary`);
      if (!op.tags?.length) problems.push(`${name}: no tags`);
      for (const tag of op.tags ?? [])
        if (!declaredTags.has(tag)) problems.push(`${name}: undeclared tag ${tag}`);
      if (!Array.isArray(op.security)) problems.push(`${name}: no security`);
      for (const req of op.security ?? [])
        for (const scheme of Object.keys(req))
          if (!schemes.includes(scheme)) problems.push(`${name}: unknown scheme ${scheme}`);
      const codes = Object.keys(op.responses);
      if (!codes.some((c) => /^[23]/.test(c))) problems.push(`${name}: no 2xx/3xx answer`);
      if (!codes.some((c) => c.startsWith('4'))) problems.push(`${name}: no 4xx answer`);
      if (needsSession(op) && !op.responses['401']) problems.push(`${name}: needs a session, no 401`);
    }
    expect(problems).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(OPENAPI_TAGS.map((tag) => tag.name).sort()).toEqual([...declaredTags].sort());
  });

  it('resolves every $ref and has no ambiguous paths', () => {
    const unresolved = refsOf(doc()).filter(([, ref]) => resolvePointer(doc(), ref) === undefined);
    expect(unresolved).toEqual([]);
    const paths = Object.keys(doc().paths);
    const pairs = paths.flatMap((a, i) =>
      paths
        .slice(i + 1)
        .filter((b) => ambiguous(a, b))
        .map((b) => `${a} ~ ${b}`),
    );
    expect(pairs).toEqual([]);
  });

  it('says what the server does: a 401 to a visitor exactly where it is documented', async () => {
    const wrong: string[] = [];
    for (const { name, method, path, op } of operations(doc())) {
      const url = path
        .replace(/\{file\}/, 'x.svg')
        .replace(/\{name\}/, 'none')
        .replace(/\{\w+\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      if (needsSession(op) && res.statusCode !== 401) wrong.push(`${name}: ${res.statusCode} to a visitor`);
      if (res.statusCode === 401 && !op.responses['401']) wrong.push(`${name}: an undocumented 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('still serves the spec paths it leaves out of the document, as their documented aliases do', async () => {
    const family = await createUser(t.app.db, { userType: 'family' });
    const { user, caregiver } = await createCaregiver(t.app.db);
    await createReview(t.app.db, {
      caregiverId: caregiver.id,
      familyId: family.id,
      rating: 5,
      comment: 'Lovely',
    });
    const headers = bearer(await loginToken(t.app, family.email));
    const pairs = [
      [`/api/bookings/family/${family.id}`, `/api/families/${family.id}/bookings`],
      [`/api/caregivers/user/${user.id}`, `/api/users/${user.id}/caregiver-profile`],
      [`/api/reviews/caregiver/${caregiver.id}`, `/api/caregivers/${caregiver.id}/reviews`],
    ];
    for (const [specPath, alias] of pairs) {
      const spec = await t.app.inject({ method: 'GET', url: specPath, headers });
      const documented = await t.app.inject({ method: 'GET', url: alias, headers });
      expect(spec.statusCode, specPath).toBe(200);
      expect(spec.json(), specPath).toEqual(documented.json());
      expect(JSON.stringify(spec.json()).length, specPath).toBeGreaterThan(20);
    }
    const paths = Object.keys(doc().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/families/{userId}/bookings',
        '/api/users/{userId}/caregiver-profile',
        '/api/caregivers/{id}/reviews',
      ]),
    );
    expect(paths).not.toContain('/api/bookings/family/{userId}');
    // Another family may not read them at either path.
    const other = bearer(await loginToken(t.app, (await createUser(t.app.db)).email));
    for (const url of pairs[0])
      expect((await t.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(403);
  });

  it('answers 400 to a NUL character on a route without parameters (hence 400 on every operation)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?x=%00' });
    expect(res.statusCode).toBe(400);
  });
});
