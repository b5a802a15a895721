import { z } from 'zod';

const Flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
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
});

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demoMode: boolean;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  supportPhone: string;
  publicUrl: string;
  logLevel: string;
  authRateLimitPerMinute: number;
  hashConcurrency: number;
  payoutEncryptionKey?: string;
}

/** Reads and checks the environment; a bad value throws one clear line naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment — ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // Demo mode is the default on the embedded database, off on PostgreSQL unless asked for.
    demoMode: e.DEMO_MODE ?? !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    hashConcurrency: e.HASH_CONCURRENCY,
    payoutEncryptionKey: e.PAYOUT_ENCRYPTION_KEY,
  };
}
