import type { z } from 'zod';
import {
  type ActiveEmergencies,
  type AdminEmergency,
  type ChangeEmergencyRequest,
  type DeclareEmergencyRequest,
  EMERGENCY_MESSAGES,
  type PublicEmergency,
  windowIssue,
} from '../../../shared/contracts/emergencies';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type EmergencyEvent, notifyEmergency } from './notices';
import type { EmergencyAudit, EmergencyBookings, EmergencyNotices } from './ports';
import { type EmergencyRow, emergencyRepo } from './repo';

export type { EmergencyAudit, EmergencyBookings, EmergencyNotices } from './ports';
export { createEmergencyRules, type EmergencyRules } from './rules';

type Actor = Pick<SessionUser, 'id'>;
type DeclareInput = z.output<typeof DeclareEmergencyRequest>;
type ChangeInput = z.output<typeof ChangeEmergencyRequest>;

const SUBJECT = 'emergency';

/** What the audit keeps of a record, before and after each change. */
const snapshot = (e: EmergencyRow) => ({
  kind: e.kind,
  parishes: e.parishes,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  message: e.message,
  declaredAt: e.declaredAt?.toISOString() ?? null,
  endedAt: e.endedAt?.toISOString() ?? null,
});

export const toPublicEmergency = (e: EmergencyRow): PublicEmergency => ({
  id: e.id,
  kind: e.kind,
  parishes: e.parishes,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  message: e.message,
});

function stateOf(e: EmergencyRow, at: Date): AdminEmergency['state'] {
  if (e.declaredAt === null) return e.endedAt ? 'over' : 'prepared';
  if (e.endedAt || e.endsAt.getTime() <= at.getTime()) return 'over';
  return e.startsAt.getTime() <= at.getTime() ? 'active' : 'upcoming';
}

function checkWindow(startsAt: Date, endsAt: Date, at: Date) {
  const issue = windowIssue(startsAt, endsAt);
  if (issue) throw badRequest(issue.message, [issue]);
  if (endsAt.getTime() <= at.getTime()) {
    throw badRequest(EMERGENCY_MESSAGES.endPassed, [
      { path: 'endsAt', message: EMERGENCY_MESSAGES.endPassed },
    ]);
  }
}

/**
 * Parish emergency mode (ADR 0030): admins declare, extend and end emergencies; each change is audited
 * and told to the families and caregivers whose bookings it touches; everyone reads those in force.
 */
export function createEmergencyService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  /** The admins' audit log (admin feature). */
  audit: EmergencyAudit;
  /** Bookings in the emergency's parishes (bookings feature). */
  bookings: Pick<EmergencyBookings, 'openInParishes'>;
  /** Critical notices through the delivery outbox (notifications feature). */
  notices: EmergencyNotices;
}) {
  const { db, mailer, publicUrl, audit: adminAuditLog } = deps;
  const now = deps.now ?? (() => new Date());

  /** One admin change in one transaction: the row, its audit row, the notices; mail after commit. */
  async function change(
    actor: Actor,
    action: string,
    write: (
      tx: Tx,
      at: Date,
    ) => Promise<{ before: EmergencyRow | null; after: EmergencyRow; notice?: Notice }>,
  ): Promise<AdminEmergency> {
    const at = now();
    const { row, mails } = await db.transaction(async (tx) => {
      const { before, after, notice } = await write(tx, at);
      await adminAuditLog.record(tx, {
        actorId: actor.id,
        action: `${SUBJECT}.${action}`,
        subjectType: SUBJECT,
        subjectId: after.id,
        before: before ? snapshot(before) : null,
        after: snapshot(after),
        at,
      });
      const mails: Mail[] = notice
        ? await notifyEmergency(tx, after, notice.event, notice.window, at, publicUrl, deps)
        : [];
      return { row: after, mails };
    });
    for (const m of mails) {
      try {
        await mailer.send(m);
      } catch {
        // The in-app notice was written in the transaction; e-mail is best effort.
      }
    }
    return (await list()).emergencies.find((e) => e.id === row.id) as AdminEmergency;
  }

  async function lockOrThrow(tx: Tx, id: number, at: Date): Promise<EmergencyRow> {
    const row = await emergencyRepo.lock(tx, id);
    if (!row) throw notFound(EMERGENCY_MESSAGES.notFound);
    if (stateOf(row, at) === 'over') throw conflict(EMERGENCY_MESSAGES.ended);
    return row;
  }

  async function list(): Promise<{ emergencies: AdminEmergency[] }> {
    const at = now();
    const rows = await emergencyRepo.list(db, 100);
    const audit = await adminAuditLog.historyOf(
      db,
      SUBJECT,
      rows.map((r) => r.e.id),
    );
    return {
      emergencies: rows.map(({ e, createdByName }) => ({
        ...toPublicEmergency(e),
        state: stateOf(e, at),
        declaredAt: e.declaredAt?.toISOString() ?? null,
        endedAt: e.endedAt?.toISOString() ?? null,
        createdBy: createdByName,
        createdAt: e.createdAt.toISOString(),
        history: audit
          .filter((a) => a.subjectId === e.id)
          .map((a) => ({
            action: a.action,
            actor: a.actorName,
            at: a.at.toISOString(),
            before: a.before,
            after: a.after,
          })),
      })),
    };
  }

  return {
    /** Public: every emergency in force (current or upcoming), small and cacheable. */
    async active(): Promise<ActiveEmergencies> {
      return { emergencies: (await emergencyRepo.inForce(db, now())).map(toPublicEmergency) };
    },

    list,

    /** An admin declares an emergency now, for the window given. */
    declare(actor: Actor, input: DeclareInput) {
      return change(actor, 'declare', async (tx, at) => {
        checkWindow(input.startsAt, input.endsAt, at);
        const after = await emergencyRepo.insert(tx, {
          ...input,
          createdBy: actor.id,
          declaredAt: at,
          createdAt: at,
          updatedAt: at,
        });
        return { before: null, after, notice: { event: 'declared', window: windowOf(after) } };
      });
    },

    /** Declares a prepared emergency (the demo's): it starts now and keeps the length it was prepared with. */
    declarePrepared(actor: Actor, id: number) {
      return change(actor, 'declare', async (tx, at) => {
        const before = await lockOrThrow(tx, id, at);
        if (before.declaredAt !== null) throw conflict(EMERGENCY_MESSAGES.notPrepared);
        const length = before.endsAt.getTime() - before.startsAt.getTime();
        const after = await emergencyRepo.update(tx, id, {
          startsAt: at,
          endsAt: new Date(at.getTime() + length),
          declaredAt: at,
          createdBy: actor.id,
          updatedAt: at,
        });
        return { before, after, notice: { event: 'declared', window: windowOf(after) } };
      });
    },

    /** A new end (extend, or bring it forward) and optionally a new message; one action, audited. */
    extend(actor: Actor, id: number, input: ChangeInput) {
      return change(actor, 'extend', async (tx, at) => {
        const before = await lockOrThrow(tx, id, at);
        checkWindow(before.startsAt, input.endsAt, at);
        const after = await emergencyRepo.update(tx, id, {
          endsAt: input.endsAt,
          ...(input.message ? { message: input.message } : {}),
          updatedAt: at,
        });
        const notice: Notice | undefined =
          after.declaredAt === null ? undefined : { event: 'extended', window: windowOf(after) };
        return { before, after, notice };
      });
    },

    /** Ends it now: the usual cancellation terms apply again. */
    end(actor: Actor, id: number) {
      return change(actor, 'end', async (tx, at) => {
        const before = await lockOrThrow(tx, id, at);
        const after = await emergencyRepo.update(tx, id, { endedAt: at, updatedAt: at });
        const notice: Notice | undefined =
          before.declaredAt === null
            ? undefined
            : { event: 'ended', window: { from: maxDate(before.startsAt, at), to: before.endsAt } };
        return { before, after, notice };
      });
    },
  };
}

interface Notice {
  event: EmergencyEvent;
  window: { from: Date; to: Date };
}

const windowOf = (e: EmergencyRow) => ({ from: e.startsAt, to: e.endsAt });
const maxDate = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);
