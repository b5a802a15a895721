import { z } from 'zod';

const Flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const E164 = /^\+[1-9]\d{7,14}$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Default: 127.0.0.1 when demo mode is inferred (nobody else can reach the demo accounts), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** A streaming replica of DATABASE_URL for public reads (ADR 0057). */
  DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Public reads go to the primary while the replica is further behind than this. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** After a write, the writer's reads go to the primary for this long. */
  READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DEMO_MODE: Flag,
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('YaadCare <no-reply@yaadcare.jm>'),
  SUPPORT_EMAIL: z.email().default('support@yaadcare.jm'),
  /** The support line shown on /support, as dialled from abroad (E.164). */
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'must be an E.164 number such as +18765550100')
    .default('+18765550100'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where meeting video rooms live (ADR 0047): a Jitsi Meet server; each meeting gets a random room on it. */
  MEETING_VIDEO_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL' })
    .default('https://meet.jit.si'),
  /** Behind a reverse proxy that sets X-Forwarded-For/Host/Proto: trust them (off: they are ignored). */
  TRUST_PROXY: Flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests a minute one IP may make to login and forgot-password. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** How many password hashes may run at once; each takes about 19 MiB. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** AES-256 key for payout account numbers: 32 bytes as 64 hex characters or base64. */
  PAYOUT_ENCRYPTION_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex characters or base64')
    .optional(),
  /** S3-compatible object storage for uploaded files (ADR 0016): S3_BUCKET turns it on. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, ".", "_", "-")')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1 (or auto)')
    .optional(),
  /** Omitted for AWS itself; the store's URL otherwise (MinIO, R2, Spaces…). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: Flag,
  /** SIGTERM: how long finishing requests, streams and jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  /** Run every background job this often instead of its own interval (tests; leave unset in production). */
  JOBS_EVERY_MS: z.coerce.number().int().min(50).optional(),
  /** Bearer token Prometheus sends to read /metrics; unset: no metrics, /metrics is 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  /** OpenTelemetry tracing (OTLP/HTTP) when one of these is set; see ADR 0018. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('yaadcare'),
  OTEL_SDK_DISABLED: Flag,
  /** A Twilio-compatible SMS/WhatsApp API (ADR 0033): all four of URL, SID, token and sender, or none. */
  SMS_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, 'must be the account SID (letters and digits)')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(8, 'must be the account auth token').optional(),
  SMS_FROM: z.string().regex(E164, 'must be an E.164 number such as +18765550100').optional(),
  /** The WhatsApp sender (E.164); unset: no WhatsApp through the provider. */
  WHATSAPP_FROM: z.string().regex(E164, 'must be an E.164 number such as +18765550100').optional(),
  /** Signs the sandbox provider's delivery receipts (HMAC-SHA256); unset: its webhook refuses everything. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Which card provider takes payments (ADR 0050): the built-in sandbox (default) or PowerTranz (FAC). */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'powertranz']).default('sandbox'),
  /** The merchant's PowerTranz id and processing password (required with PAYMENTS_PROVIDER=powertranz). */
  POWERTRANZ_ID: z
    .string()
    .regex(/^\d{4,20}$/, 'must be the numeric PowerTranz id')
    .optional(),
  POWERTRANZ_PASSWORD: z.string().min(8, 'must be the PowerTranz processing password').optional(),
  /** The PowerTranz API root; default the public staging gateway. */
  POWERTRANZ_URL: z.url({ protocol: /^https?$/ }).default('https://staging.ptranz.com/api'),
  /** The hosted payment page set up in the merchant portal: "PTZ/<page set>/<page name>" (optional). */
  POWERTRANZ_HOSTED_PAGE: z
    .string()
    .regex(/^PTZ\/[^/]+\/[^/]+$/, 'must be PTZ/<page set>/<page name>')
    .optional(),
});

/** PowerTranz without its credentials stops the server naming the variable to set. */
/** A replica without a primary (the embedded database has none) stops the start. */
function checkReplica(e: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (e.DATABASE_REPLICA_URL !== undefined && e.DATABASE_URL === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_REPLICA_URL'],
      message: 'needs DATABASE_URL (PostgreSQL)',
    });
}

function checkPayments(e: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (e.PAYMENTS_PROVIDER !== 'powertranz') return;
  for (const k of ['POWERTRANZ_ID', 'POWERTRANZ_PASSWORD'].filter((x) => e[x] === undefined)) {
    ctx.addIssue({ code: 'custom', path: [k], message: 'required when PAYMENTS_PROVIDER=powertranz' });
  }
}

/** A half-configured SMS provider stops the server naming the variable to set. */
function checkSms(e: Record<string, unknown>, ctx: z.RefinementCtx) {
  const all = ['SMS_PROVIDER_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'];
  const set = all.filter((k) => e[k] !== undefined);
  if (set.length === 0) {
    if (e.WHATSAPP_FROM !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER_URL'],
        message: 'required when WHATSAPP_FROM is set',
      });
    return;
  }
  for (const k of all.filter((x) => e[x] === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [k],
      message: `required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`,
    });
  }
}

/** A half-configured S3 stops the server naming the variable to set. */
function checkS3(e: Record<string, unknown>, ctx: z.RefinementCtx) {
  const need = (name: string, why: string) => ctx.addIssue({ code: 'custom', path: [name], message: why });
  const others = [
    'S3_REGION',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  if (e.S3_BUCKET === undefined) {
    const set = others.filter((k) => e[k] !== undefined);
    if (set.length) need('S3_BUCKET', `required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set`);
    return;
  }
  if (e.S3_REGION === undefined)
    need('S3_REGION', 'required when S3_BUCKET is set (us-east-1 suits most S3-compatible servers)');
  if (e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY === undefined)
    need('S3_SECRET_ACCESS_KEY', 'required when S3_ACCESS_KEY_ID is set');
  if (e.S3_SECRET_ACCESS_KEY !== undefined && e.S3_ACCESS_KEY_ID === undefined)
    need('S3_ACCESS_KEY_ID', 'required when S3_SECRET_ACCESS_KEY is set');
}

export type PaymentsSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'powertranz';
      id: string;
      /** Secret: sent only in the PowerTranz-PowerTranzPassword header, never logged. */
      password: string;
      url: string;
      hostedPage?: { pageSet: string; pageName: string };
    };

/** Where uploaded files go when S3_BUCKET is set. Without keys the AWS SDK's own credential chain answers. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Where SMS and WhatsApp notices go (a Twilio-compatible Messages API). */
export interface SmsProviderSettings {
  /** e.g. https://api.twilio.com (the adapter adds /2010-04-01/Accounts/{sid}/Messages.json). */
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  whatsappFrom?: string;
}

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_REPLICA_URL and its rules (ADR 0057): public reads on a streaming replica. */
  replica?: { url: string; maxLagMs: number; readYourWritesMs: number };
  demoMode: boolean;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
  /** The Jitsi Meet server meeting video rooms are made on (MEETING_VIDEO_URL; ADR 0047), no trailing slash. */
  meetingVideoUrl: string;
  /** X-Forwarded-* headers are believed only when true (TRUST_PROXY). */
  trustProxy: boolean;
  logLevel: string;
  authRateLimitPerMinute: number;
  hashConcurrency: number;
  payoutEncryptionKey?: string;
  /** S3-compatible storage for uploaded files; undefined: files are kept in PostgreSQL (ADR 0016). */
  s3?: S3Settings;
  /** SIGTERM: the longest a graceful stop may take (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Every job's interval when set (JOBS_EVERY_MS; tests), else each job's own. */
  jobsEveryMs?: number;
  /** The token that reads /metrics (METRICS_TOKEN); unset: no metrics. */
  metricsToken?: string;
  /** Where spans are exported (OTLP/HTTP) and as which service; unset: no tracing. */
  tracing?: { tracesUrl: string; serviceName: string };
  /** The Twilio-compatible SMS/WhatsApp provider (ADR 0033); unset: the sandbox channel keeps texts. */
  smsProvider?: SmsProviderSettings;
  /** The sandbox delivery-receipt webhook's HMAC secret (SANDBOX_WEBHOOK_SECRET). */
  sandboxWebhookSecret?: string;
  /** The card provider (PAYMENTS_PROVIDER, ADR 0050); PowerTranz with its settings, else the sandbox. */
  payments?: PaymentsSettings;
  /** Lines main prints at start (e.g. demo mode forced on a public interface, or refused there). */
  startupWarnings: string[];
}

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' ||
    h === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(h) ||
    /^::ffff:127(?:\.\d{1,3}){3}$/.test(h)
  );
}

export interface DemoModeInput {
  nodeEnv: Env['nodeEnv'];
  /** DEMO_MODE as given: undefined when not set. */
  demoFlag: boolean | undefined;
  databaseUrl: string | undefined;
  /** HOST as given: undefined when not set. */
  host: string | undefined;
}

export interface DemoModeDecision {
  demoMode: boolean;
  host: string;
  warnings: string[];
}

/**
 * Demo mode hands out accounts with published passwords and echoes mail to the log, so it is only ever
 * inferred where nobody else can reach it: never in production, never with DATABASE_URL, never on a
 * non-loopback HOST. DEMO_MODE=1 forces it anywhere, with a warning when the address is not loopback.
 * HOST defaults to 127.0.0.1 when demo mode is inferred, 0.0.0.0 otherwise.
 */
export function resolveDemoMode(input: DemoModeInput): DemoModeDecision {
  const { nodeEnv, demoFlag, databaseUrl, host } = input;
  if (demoFlag === false) return { demoMode: false, host: host ?? '0.0.0.0', warnings: [] };
  if (demoFlag === true) {
    const where = host ?? '127.0.0.1';
    const warnings = isLoopbackHost(where)
      ? []
      : [
          `WARNING: DEMO_MODE=1 on ${where}, an address other machines can reach: the demo accounts' published ` +
            'passwords work and e-mail and SMS codes are printed to the log. Never do this with real users.',
        ];
    return { demoMode: true, host: where, warnings };
  }
  const wouldInfer = nodeEnv !== 'production' && !databaseUrl;
  if (!wouldInfer) return { demoMode: false, host: host ?? '0.0.0.0', warnings: [] };
  if (host === undefined) return { demoMode: true, host: '127.0.0.1', warnings: [] };
  if (isLoopbackHost(host)) return { demoMode: true, host, warnings: [] };
  return {
    demoMode: false,
    host,
    warnings: [
      `Demo mode is off: HOST=${host} is not a loopback address, and demo data with published passwords ` +
        'must not be reachable from other machines. Set DEMO_MODE=1 to force it.',
    ],
  };
}

/**
 * The OTLP/HTTP traces URL as the OpenTelemetry spec reads the variables: the traces endpoint as given, else
 * the base endpoint + `v1/traces`. OTEL_SDK_DISABLED=true turns tracing off whatever is set.
 */
function tracingFrom(e: z.infer<typeof EnvSchema>): Env['tracing'] {
  if (e.OTEL_SDK_DISABLED) return undefined;
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  return tracesUrl ? { tracesUrl, serviceName: e.OTEL_SERVICE_NAME } : undefined;
}

/** A bad environment: its message is one line naming each variable and what is wrong with it. */
export class EnvError extends Error {
  override name = 'EnvError';
}

function paymentsFrom(e: z.infer<typeof EnvSchema>): PaymentsSettings {
  if (e.PAYMENTS_PROVIDER !== 'powertranz' || !e.POWERTRANZ_ID || !e.POWERTRANZ_PASSWORD)
    return { provider: 'sandbox' };
  const [, pageSet, pageName] = e.POWERTRANZ_HOSTED_PAGE?.split('/') ?? [];
  return {
    provider: 'powertranz',
    id: e.POWERTRANZ_ID,
    password: e.POWERTRANZ_PASSWORD,
    url: e.POWERTRANZ_URL.replace(/\/+$/, ''),
    hostedPage: pageSet && pageName ? { pageSet: `PTZ/${pageSet}`, pageName } : undefined,
  };
}

/** Reads and checks the environment; a bad value throws one clear line naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.superRefine(checkS3)
    .superRefine(checkSms)
    .superRefine(checkPayments)
    .superRefine(checkReplica)
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment — ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const demo = resolveDemoMode({
    nodeEnv: e.NODE_ENV,
    demoFlag: e.DEMO_MODE,
    databaseUrl: e.DATABASE_URL,
    host: e.HOST,
  });
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: demo.host,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    replica: e.DATABASE_REPLICA_URL
      ? {
          url: e.DATABASE_REPLICA_URL,
          maxLagMs: e.REPLICA_MAX_LAG_MS,
          readYourWritesMs: e.READ_YOUR_WRITES_MS,
        }
      : undefined,
    // Demo mode: inferred only on the embedded database, outside production, on a loopback address.
    demoMode: demo.demoMode,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    meetingVideoUrl: e.MEETING_VIDEO_URL.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    hashConcurrency: e.HASH_CONCURRENCY,
    payoutEncryptionKey: e.PAYOUT_ENCRYPTION_KEY,
    s3:
      e.S3_BUCKET && e.S3_REGION
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobsEveryMs: e.JOBS_EVERY_MS,
    metricsToken: e.METRICS_TOKEN,
    tracing: tracingFrom(e),
    smsProvider:
      e.SMS_PROVIDER_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            url: e.SMS_PROVIDER_URL.replace(/\/+$/, ''),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
            whatsappFrom: e.WHATSAPP_FROM,
          }
        : undefined,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    payments: paymentsFrom(e),
    startupWarnings: demo.warnings,
  };
}
