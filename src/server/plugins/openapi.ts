import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../shared/contracts/common';
import type { Env } from '../env';
import type { Access } from './auth';

/**
 * The OpenAPI document (/api/openapi.json), generated from the routes' zod schemas and made complete from
 * what every route already states (ADR 0019): its access decides `security` and the 401/403 it can answer,
 * its method and path give its operationId. Routes state only what is theirs (summary, tags, own errors).
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Document only: the answers of a route that does not answer JSON (a file, a page, a stream, a redirect),
     * by status. `contentType` omitted: no body (a redirect). 'error': the ErrorResponse body, for a route
     * without zod response schemas.
     */
    otherResponses?: Record<
      number,
      { description: string; contentType?: string | readonly string[] } | 'error'
    >;
  }
}

/** Every tag an operation may carry, declared once with what it groups. */
export const OPENAPI_TAGS = [
  { name: 'system', description: 'Health, public configuration and the development outboxes' },
  { name: 'auth', description: 'Sign-up, login, sessions and passwords' },
  { name: 'users', description: 'The signed-in user’s account and profile photo' },
  { name: 'caregivers', description: 'Caregiver search, public profiles and the caregiver’s own profile' },
  { name: 'reviews', description: 'Double-blind reviews, replies and the caregivers’ ratings of families' },
  { name: 'bookings', description: 'Booking requests and their states' },
  { name: 'visits', description: 'Check-in, check-out and the visit log of a booking' },
  { name: 'availability', description: 'A caregiver’s time off and extra hours, and their free time' },
  { name: 'meetings', description: 'Meetings before booking: asking, proposing times, confirming' },
  {
    name: 'calendar',
    description: 'Private calendar feeds (RFC 5545) at a secret URL: bookings, meetings and time off',
  },
  { name: 'plans', description: 'The plan catalogue, subscriptions, cancelling and changing a plan' },
  {
    name: 'care-requests',
    description: 'Care requests families post, caregivers’ applications, and team shortlists',
  },
  {
    name: 'circles',
    description: 'Care circles: relatives arranging care for one person, their roles and invitations',
  },
  { name: 'payments', description: 'Payments of bookings through the provider’s hosted fields' },
  {
    name: 'emergencies',
    description:
      'Parish emergency mode: declared windows over parishes that make affected cancellations free',
  },
  {
    name: 'fx-rates',
    description: 'Exchange rates kept by admins, for estimates in a payer’s currency (charges stay in JMD)',
  },
  { name: 'payouts', description: 'Caregivers’ earnings and payout settings' },
  {
    name: 'receipts',
    description: 'Receipts of charges, tips, plan charges, refunds and payouts: page, PDF and e-mail',
  },
  { name: 'messages', description: 'Conversations between families, caregivers and support' },
  { name: 'notifications', description: 'In-app notifications, channel preferences and quiet hours' },
  {
    name: 'deliveries',
    description: 'The delivery outbox: notices by e-mail, SMS and WhatsApp, their receipts and retries',
  },
  { name: 'realtime', description: 'Server-sent events of the signed-in user' },
  { name: 'verification', description: 'Identity, contact and background verification' },
  { name: 'favourites', description: 'Saved caregivers and profile views' },
  { name: 'dashboard', description: 'The family’s and the caregiver’s dashboards' },
  { name: 'stats', description: 'Public headline numbers' },
  { name: 'support', description: 'Support tickets' },
  { name: 'safety', description: 'Blocking and reporting users' },
  { name: 'privacy', description: 'Exporting and deleting one’s data' },
  { name: 'admin', description: 'The admin console' },
];

/** The two ways to present a session (ADR 0002). */
const SIGNED_IN = [{ bearer: [] }, { cookie: [] }];
/**
 * A public /api route takes anyone, and still reads a session when one is presented (GET /api/auth/me,
 * logout, a hidden profile shown to its owner): the empty requirement makes the session optional.
 */
const SESSION_OPTIONAL = [{}, ...SIGNED_IN];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: field details in `errors` (a NUL character in any parameter is one, on every route)',
  401: 'No session, or an expired one (code SESSION_EXPIRED when a Bearer token was sent)',
  403: 'Not allowed: a signed-in user without the right role or right to the record, or a cross-site write',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the record’s current state',
  413: 'The upload or body is too large',
  415: 'The body’s content type is not accepted',
  429: 'Too many requests: wait and try again',
  503: 'Not available right now',
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Schemas the document names once under components and refers to everywhere else. */
const components = z.registry<{ id: string }>();
components.add(ErrorResponse, { id: 'ErrorResponse' });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/** `GET /api/bookings/:id/events` → `getBookingsByIdEvents`: stable, unique per method and path, readable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[-_.]/);
    });
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
/** A GET's options with its handler, typed from its zod schema `S` as `r.get` types them. */
type ZodGet<S extends FastifySchema> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/**
 * A GET the product spec names at a path whose template is ambiguous beside our `/a/{id}/action` routes
 * (ADR 0019): served, by the same handler, at `paths.documented` (in the document, its description naming the
 * spec's path) and at `paths.spec` (left out of the document).
 */
export function getWithSpecAlias<S extends FastifySchema>(
  r: ZodRoutes,
  paths: { documented: string; spec: string },
  options: Omit<ZodGet<S>, 'handler'> & { schema: S },
  handler: ZodGet<S>['handler'],
): void {
  const specTemplate = paths.spec.replace(/:(\w+)/g, '{$1}');
  const description = `Also served at the product spec’s path, GET ${specTemplate}.`;
  for (const [url, hide] of [
    [paths.documented, false],
    [paths.spec, true],
  ] as const) {
    r.get(url, { ...options, schema: { hide, ...options.schema, description } }, handler);
  }
}

type RouteSchema = NonNullable<RouteOptions['schema']>;
interface TransformInput {
  schema: RouteSchema | undefined;
  url: string;
  route: RouteOptions;
  openapiObject: Partial<{ openapi: string }>;
}

/** The error statuses every route can answer because of the plugins in front of it. */
function inheritedErrors(method: string, url: string, route: RouteOptions): number[] {
  const access = (route.config as { access?: Access } | undefined)?.access;
  const statuses = [400];
  if (access !== undefined && access !== 'public') statuses.push(401);
  if (Array.isArray(access) || (UNSAFE_METHODS.has(method) && url.startsWith('/api/'))) statuses.push(403);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  return statuses;
}

function securityOf(route: RouteOptions) {
  const access = (route.config as { access?: Access } | undefined)?.access;
  if (access === undefined) return []; // outside /api, no session is read at all
  return access === 'public' ? SESSION_OPTIONAL : SIGNED_IN;
}

const errorBody = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Error',
  content: { 'application/json': { schema: ErrorResponse } },
});

/** What a non-JSON-schema answer holds: a JSON file, text (a page, an event stream) or bytes. */
function bodySchemaOf(contentType: string) {
  if (/[/+]json$/.test(contentType)) return { type: 'object' };
  if (contentType.startsWith('text/')) return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

/** @fastify/swagger's per-route transform: zod to JSON schema, then what the route's access implies. */
function transform({ schema, url, route, openapiObject }: TransformInput) {
  const method = [route.method].flat()[0] as string;
  const { otherResponses = {}, ...own } = schema ?? {};
  if (own.hide) return { schema: { hide: true }, url };
  const responses: Record<string, unknown> = { ...(own.response as Record<string, unknown> | undefined) };
  // Error bodies are the one ErrorResponse component, with a description of the status.
  for (const [status, body] of Object.entries(responses)) {
    if (body === ErrorResponse) responses[status] = errorBody(Number(status));
  }
  for (const [status, other] of Object.entries(otherResponses)) {
    if (other === 'error') responses[status] = errorBody(Number(status));
  }
  for (const status of inheritedErrors(method, url, route)) responses[status] ??= errorBody(status);
  // Whatever else goes wrong (a 5xx) is the same error body, without detail.
  responses.default ??= {
    description: 'Any other error (a 5xx): the error body, without detail',
    content: { 'application/json': { schema: ErrorResponse } },
  };
  const converted = zodTransform({
    schema: { ...own, response: responses },
    url,
    route,
    openapiObject,
  } as Parameters<typeof zodTransform>[0]);
  const out = converted.schema as RouteSchema & { response: Record<string, unknown> };
  for (const [status, other] of Object.entries(otherResponses)) {
    if (other === 'error') continue;
    const { description, contentType } = other;
    // A route that answers JSON or a file by a parameter (a statement as JSON or CSV) keeps both bodies:
    // its zod response (a JSON schema here) becomes the application/json content beside the file's.
    const prior = out.response[status] as Record<string, unknown> | undefined;
    const json = prior ? { 'application/json': { schema: prior } } : {};
    const files = Object.fromEntries(
      [contentType ?? []].flat().map((type) => [type, { schema: bodySchemaOf(type) }]),
    );
    out.response[status] = contentType
      ? { description, content: { ...json, ...files } }
      : { description, type: 'null' }; // no body: @fastify/swagger leaves out `content` for type null
  }
  out.operationId = own.operationId ?? operationIdOf(method, url);
  out.security = own.security ?? securityOf(route);
  return { schema: out, url };
}

/** Every `#/components/schemas/X` the document refers to. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedSchemas(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else referencedSchemas(v, found);
    }
  }
  return found;
}

/** The whole document: components from the registry, keeping only those the operations use. */
function transformObject(input: Parameters<typeof zodTransformObject>[0]) {
  const doc = zodTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (schemas) {
    const used = referencedSchemas({ ...doc, components: { ...doc.components, schemas: {} } });
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return doc;
}

export function openApiOptions(env: Env): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'YaadCare API',
        version: '0.1.0',
        description:
          'Find, book, message and pay caregivers in Jamaica. Authenticate with the session cookie (web app; writes need ' +
          'X-Requested-With or a same-origin Origin header) or `Authorization: Bearer <token>` from login/signup.',
        license: { name: 'YaadCare Terms of Use', url: `${env.publicUrl}/terms-of-use` },
      },
      // Relative: the origin the document is read from, whatever name or proxy it was reached through.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token from POST /api/auth/login or /api/auth/signup',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'yc_session',
            description:
              'The web app’s HttpOnly session cookie; a write must also send X-Requested-With or a same-origin Origin',
          },
        },
      },
    },
    transform: transform as unknown as FastifyDynamicSwaggerOptions['transform'],
    transformObject: transformObject as unknown as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
