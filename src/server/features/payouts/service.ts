import { and, desc, eq, inArray, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { z } from 'zod';
import { EARNINGS_HOLD_HOURS } from '../../../shared/contracts/bookings';
import {
  addJamaicaDays,
  type EarningsItem,
  type EarningsView,
  type PayoutAccountRequest,
  type PayoutAccountView,
} from '../../../shared/contracts/payments';
import { bankByCode, bankFromName } from '../../../shared/jamaican-banks';
import { centsToDecimal, formatJmd, toCents } from '../../../shared/money';
import { PAYOUT_ARRIVAL } from '../../../shared/pricing';
import { jamaicaToday } from '../../../shared/time';
import type { Mailer } from '../../adapters/mailer';
import { type FileStorage, newStorageKey } from '../../adapters/storage';
import { inAppNotices } from '../../core/in-app-notices';
import { ledger } from '../../core/ledger/service';
import { decryptSecret, encryptSecret } from '../../core/payout-key';
import type { Db, Tx } from '../../db/client';
import {
  bookings,
  caregivers,
  ledgerEntries,
  payoutAccounts,
  payoutBatches,
  payouts,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type BatchLine, batchReference, buildBatchFile } from './batch-file';

type Actor = Pick<SessionUser, 'id' | 'userType'>;
const HOUR = 3_600_000;

/** 0 = Sunday … 5 = Friday, for a yyyy-MM-dd date. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
export const isFriday = (date: string) => weekdayOf(date) === 5;
/** The next Friday on or after `date`. */
export const nextFriday = (date: string) => addJamaicaDays(date, (5 - weekdayOf(date) + 7) % 7);

export const maskAccount = (last4: string) => `•••• ${last4}`;

export interface PayoutRunResult {
  payoutDate: string;
  paid: number;
  totalCents: number;
  skippedNoAccount: number;
  /** The bank-transfer batch file of the payouts made (ADR 0052); null when the run paid nobody. */
  batchId: number | null;
}

export interface PayoutBatchSummary {
  id: number;
  payoutDate: string;
  lineCount: number;
  total: string;
  controlSum: string;
  createdAt: string;
}

/** What payouts asks of bookings (its port, issue 31; services.ts passes the bookings' lookups). */
export interface PayoutBookings {
  /** The caregiver record of a user, or undefined. */
  caregiverIdOfUser(db: Db, userId: number): Promise<number | undefined>;
}

export interface PayoutDeps {
  db: Db;
  key: Buffer;
  mailer?: Mailer;
  bookings: PayoutBookings;
  /** Where the bank-transfer batch files go (ADR 0052); without it a run makes no file. */
  storage?: FileStorage;
}

export function createPayoutService(deps: PayoutDeps) {
  const { db, key, bookings: bookingPort } = deps;

  async function caregiverIdOf(actor: Actor): Promise<number> {
    const id = await bookingPort.caregiverIdOfUser(db, actor.id);
    if (id === undefined) throw notFound('Create your caregiver profile first.');
    return id;
  }

  /** One caregiver's payout for `payoutDate`, in its own transaction; null when nothing was paid. */
  async function payOne(caregiverId: number, payoutDate: string, now: Date) {
    return db.transaction(async (tx) => {
      // Another run paying this caregiver holds the row: skip it rather than wait (it pays once).
      const locked = await tx.execute(
        sql`select id from caregivers where id = ${caregiverId} for update skip locked`,
      );
      const lockedRows = (locked as unknown as { rows?: unknown[] }).rows ?? (locked as unknown as unknown[]);
      if (!lockedRows.length) return { paid: null, noAccount: false };
      const [done] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.caregiverId, caregiverId), eq(payouts.payoutDate, payoutDate)))
        .limit(1);
      if (done) return { paid: null, noAccount: false };
      const [account] = await tx
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.caregiverId, caregiverId))
        .limit(1);
      if (!account) return { paid: null, noAccount: true };
      const { available } = await ledger.caregiverEarnings(tx, caregiverId, now);
      if (available <= 0) return { paid: null, noAccount: false };
      const inserted = await tx
        .insert(payouts)
        .values({
          caregiverId,
          payoutDate,
          amount: centsToDecimal(available),
          bankName: account.bankName,
          accountLast4: account.accountLast4,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      const payout = inserted[0];
      if (!payout) return { paid: null, noAccount: false };
      await ledger.post(tx, {
        payoutId: payout.id,
        at: now,
        lines: [
          { account: 'caregiver_payable', kind: 'payout', amount: -available, caregiverId },
          { account: 'payout_sent', kind: 'payout', amount: available, caregiverId },
        ],
      });
      const [owner] = await tx
        .select({ userId: caregivers.userId, email: users.email, firstName: users.firstName })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .where(eq(caregivers.id, caregiverId));
      const body = `${formatJmd(available)} is on its way to your ${account.bankName} account ${maskAccount(account.accountLast4)}. It arrives within ${PAYOUT_ARRIVAL}.`;
      await inAppNotices.add(tx, {
        userId: owner.userId,
        kind: 'payout.sent',
        title: 'Payout sent',
        body,
        link: '/earnings',
      });
      return {
        paid: { amount: available, email: owner.email, name: owner.firstName, body },
        noAccount: false,
      };
    });
  }

  /**
   * The bank-transfer batch file of `payoutDate`'s payouts not yet in a file (ADR 0052): a rerun the same
   * day files only what it paid, and a run whose file failed is filed by the next run that day. The CSV
   * holds full account numbers, so it is stored encrypted with the payout key. The file is stored first
   * (file storage may be the database, which an open transaction on the embedded one would block), then one
   * transaction records the batch and claims its payouts; if another run claimed any of them meanwhile,
   * nothing is recorded and the file is removed. Returns the batch id, or null when there was none.
   */
  async function writeBatch(payoutDate: string, now: Date): Promise<number | null> {
    const storage = deps.storage;
    if (!storage) return null;
    const rows = await db
      .select({ p: payouts, a: payoutAccounts })
      .from(payouts)
      .innerJoin(payoutAccounts, eq(payoutAccounts.caregiverId, payouts.caregiverId))
      .where(and(eq(payouts.payoutDate, payoutDate), isNull(payouts.batchId)))
      .orderBy(payouts.id);
    if (!rows.length) return null;
    const lines: BatchLine[] = rows.map(({ p, a }) => ({
      payoutId: p.id,
      bankCode: (bankByCode(a.bankCode) ?? bankFromName(a.bankName))?.code ?? '',
      branch: a.branch ?? '',
      accountType: a.accountType ?? '',
      accountNumber: decryptSecret(key, a.accountNumberEncrypted),
      accountHolder: a.accountHolder,
      amountCents: toCents(p.amount),
    }));
    const file = buildBatchFile(payoutDate, batchReference(payoutDate, rows[0].p.id), lines);
    const storageKey = newStorageKey(`payout-batches/${payoutDate}`, 'enc');
    await storage.put(
      storageKey,
      Buffer.from(encryptSecret(key, file.csv), 'utf8'),
      'application/octet-stream',
    );
    const ids = rows.map((r) => r.p.id);
    const batchId = await db
      .transaction(async (tx) => {
        const [batch] = await tx
          .insert(payoutBatches)
          .values({
            payoutDate,
            storageKey,
            lineCount: file.lineCount,
            total: centsToDecimal(file.totalCents),
            controlSum: file.controlSum,
            createdAt: now,
          })
          .returning({ id: payoutBatches.id });
        const claimed = await tx
          .update(payouts)
          .set({ batchId: batch.id })
          .where(and(inArray(payouts.id, ids), isNull(payouts.batchId)))
          .returning({ id: payouts.id });
        if (claimed.length !== ids.length) {
          tx.rollback();
        }
        return batch.id;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return null;
        throw err;
      });
    if (batchId === null) await storage.delete(storageKey);
    return batchId;
  }

  return {
    /**
     * Pays every caregiver's available balance (earned 48 h or more before `now`) into one payout per
     * caregiver per payout date. Idempotent: a second run the same day finds the payout and pays
     * nothing; two concurrent runs meet on the caregiver row lock (SKIP LOCKED) and the unique payout.
     * Once `signal` aborts (the server is stopping) it stops between caregivers; the next run pays the rest.
     */
    async run(now: Date, payoutDate = jamaicaToday(now), signal?: AbortSignal): Promise<PayoutRunResult> {
      const owed = await db
        .select({ caregiverId: ledgerEntries.caregiverId })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, 'caregiver_payable'))
        .groupBy(ledgerEntries.caregiverId)
        .having(sql`sum(${ledgerEntries.amount}) > 0`);
      const result: PayoutRunResult = {
        payoutDate,
        paid: 0,
        totalCents: 0,
        skippedNoAccount: 0,
        batchId: null,
      };
      for (const { caregiverId } of owed) {
        if (signal?.aborted) break;
        if (caregiverId === null) continue;
        const r = await payOne(caregiverId, payoutDate, now);
        if (r.noAccount) result.skippedNoAccount++;
        if (!r.paid) continue;
        result.paid++;
        result.totalCents += r.paid.amount;
        await deps.mailer
          ?.send({
            to: r.paid.email,
            subject: 'YaadCare: your payout is on its way',
            text: `Hi ${r.paid.name},\n\n${r.paid.body}\n\n— YaadCare`,
          })
          .catch(() => {});
      }
      result.batchId = await writeBatch(payoutDate, now);
      return result;
    },

    /** The admin console's list of bank files, newest first. */
    async listBatches(limit = 50): Promise<PayoutBatchSummary[]> {
      const rows = await db.select().from(payoutBatches).orderBy(desc(payoutBatches.id)).limit(limit);
      return rows.map((b) => ({
        id: b.id,
        payoutDate: b.payoutDate,
        lineCount: b.lineCount,
        total: b.total,
        controlSum: b.controlSum,
        createdAt: b.createdAt.toISOString(),
      }));
    },

    /** The batch file's CSV (full account numbers): for the admin-only download route and nothing else. */
    async batchCsv(batchId: number): Promise<{ csv: string; payoutDate: string }> {
      const [b] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
      const sealed = b && (await deps.storage?.get(b.storageKey));
      if (!b || !sealed) throw notFound('No such bank file.');
      return { csv: decryptSecret(key, sealed.toString('utf8')), payoutDate: b.payoutDate };
    },

    async earnings(actor: Actor, now: Date): Promise<EarningsView> {
      const caregiverId = await caregiverIdOf(actor);
      const totals = await ledger.caregiverEarnings(db, caregiverId, now);
      const rows = await db
        .select({
          e: ledgerEntries,
          b: { date: bookings.date, startTime: bookings.startTime },
          f: { firstName: users.firstName, lastName: users.lastName },
        })
        .from(ledgerEntries)
        .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .leftJoin(users, eq(users.id, ledgerEntries.familyId))
        .where(
          and(eq(ledgerEntries.caregiverId, caregiverId), eq(ledgerEntries.account, 'caregiver_payable')),
        )
        .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
      // Payouts pay the oldest earnings first: an earning is paid once the payouts cover it.
      let paidLeft = totals.paid;
      const items: EarningsItem[] = [];
      for (const r of rows) {
        const amount = toCents(r.e.amount);
        if (r.e.kind === 'payout') {
          items.push({
            id: r.e.id,
            kind: 'payout',
            status: 'paid',
            amount: centsToDecimal(-amount),
            date: r.e.createdAt.toISOString(),
            bookingId: null,
            description: 'Payout to your bank account',
            availableAt: null,
          });
          continue;
        }
        const paid = paidLeft >= amount;
        if (paid) paidLeft -= amount;
        const who = r.f?.firstName ? `${r.f.firstName} ${r.f.lastName.slice(0, 1)}.` : 'a family';
        if (r.e.kind === 'tip') {
          // A tip after a visit (ADR 0051): 100 % the caregiver's, paid like earnings.
          items.push({
            id: r.e.id,
            kind: 'tip',
            status: paid ? 'paid' : 'pending',
            amount: centsToDecimal(amount),
            date: r.e.createdAt.toISOString(),
            bookingId: r.e.bookingId,
            description: `Tip from ${r.f?.firstName ?? 'a family'} (visit on ${r.b?.date ?? ''})`,
            availableAt: new Date(r.e.createdAt.getTime() + EARNINGS_HOLD_HOURS * HOUR).toISOString(),
          });
          continue;
        }
        items.push({
          id: r.e.id,
          kind: r.e.kind === 'late_cancellation_fee' ? 'late_cancellation_fee' : 'earning',
          status: paid ? 'paid' : 'pending',
          amount: centsToDecimal(amount),
          date: r.e.createdAt.toISOString(),
          bookingId: r.e.bookingId,
          description:
            r.e.kind === 'late_cancellation_fee'
              ? `Late-cancellation fee from ${who} (booking on ${r.b?.date ?? ''})`
              : `Booking with ${who} on ${r.b?.date ?? ''}`,
          availableAt: new Date(r.e.createdAt.getTime() + EARNINGS_HOLD_HOURS * HOUR).toISOString(),
        });
      }
      items.reverse();
      const [account] = await db
        .select({ id: payoutAccounts.caregiverId })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.caregiverId, caregiverId));
      return {
        totals: {
          total: centsToDecimal(totals.total),
          available: centsToDecimal(totals.available),
          pending: centsToDecimal(totals.pending),
          paid: centsToDecimal(totals.paid),
        },
        nextPayoutDate: nextFriday(jamaicaToday(now)),
        hasPayoutAccount: !!account,
        items,
      };
    },

    async getAccount(actor: Actor): Promise<PayoutAccountView> {
      const caregiverId = await caregiverIdOf(actor);
      const [a] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.caregiverId, caregiverId));
      if (!a) {
        return {
          bankName: null,
          bankCode: null,
          branch: null,
          accountType: null,
          accountHolder: null,
          accountNumberMasked: null,
          needsBankDetails: false,
          updatedAt: null,
        };
      }
      const bank = bankByCode(a.bankCode) ?? bankFromName(a.bankName);
      return {
        bankName: a.bankName,
        bankCode: (bank?.code ?? null) as PayoutAccountView['bankCode'],
        branch: a.branch,
        accountType: a.accountType,
        accountHolder: a.accountHolder,
        accountNumberMasked: maskAccount(a.accountLast4),
        needsBankDetails: !bank || !a.branch || !a.accountType,
        updatedAt: a.updatedAt.toISOString(),
      };
    },

    async saveAccount(
      actor: Actor,
      input: z.output<typeof PayoutAccountRequest>,
    ): Promise<PayoutAccountView> {
      const caregiverId = await caregiverIdOf(actor);
      const bank = bankByCode(input.bankCode);
      const values = {
        caregiverId,
        // With a catalog bank its name is the catalog's; the older call names the bank itself.
        bankName: bank?.name ?? input.bankName ?? '',
        bankCode: bank?.code ?? null,
        branch: bank ? (input.branch ?? null) : null,
        accountType: bank ? input.accountType || null : null,
        accountHolder: input.accountHolder,
        accountNumberEncrypted: encryptSecret(key, input.accountNumber),
        accountLast4: input.accountNumber.slice(-4),
        updatedAt: new Date(),
      };
      await db
        .insert(payoutAccounts)
        .values(values)
        .onConflictDoUpdate({ target: payoutAccounts.caregiverId, set: values });
      return this.getAccount(actor);
    },

    /** For the payout operator only (never sent to a browser). */
    async accountNumberFor(tx: Tx, caregiverId: number): Promise<string | undefined> {
      const [a] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.caregiverId, caregiverId));
      return a ? decryptSecret(key, a.accountNumberEncrypted) : undefined;
    },

    async history(actor: Actor) {
      const caregiverId = await caregiverIdOf(actor);
      return db
        .select()
        .from(payouts)
        .where(eq(payouts.caregiverId, caregiverId))
        .orderBy(desc(payouts.createdAt));
    },
  };
}
