import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReceiptKind } from '../../../shared/contracts/receipts';
import type { Tx } from '../../db/client';
import { receiptMails } from '../../db/schema';

/**
 * One receipt as the index finds it: its kind and source id, its number, when the money moved, how much,
 * and who it concerns. Read-only over the money records (payments, tips, plan charges, ledger refunds and
 * payouts: ADR 0055 says why this feature reads them itself); its own table is the mail log only.
 */
export interface ReceiptIndexRow {
  kind: ReceiptKind;
  sourceId: number;
  number: string;
  at: Date;
  /** Decimal JMD, positive. */
  amount: string;
  bookingId: number | null;
  /** The family side: who paid (a plan's subscriber), or got a refund. Null for a payout. */
  payerId: number | null;
  /** The caregiver record the money concerns (a booking's caregiver, a payout's payee). */
  caregiverId: number | null;
  /** The user who receives the receipt e-mail: the payer, or the caregiver for a payout. */
  recipientId: number;
  circleId: number | null;
  visitDate: string | null;
  caregiverName: string | null;
  plan: string | null;
  bankName: string | null;
  accountLast4: string | null;
}

/** Who may see which receipts in a list: their own as payer, their circles' (viewStatement), their caregiving. */
export interface ReceiptReader {
  userId: number;
  circleIds: readonly number[];
  caregiverId: number | null;
}

const num = (prefix: string, id: SQL) => sql`'YC-' || ${prefix} || '-' || lpad((${id})::text, 6, '0')`;

/**
 * Every receipt there is, as one relation. The refund branch is the one place refunds become receipts (the
 * ledger's 'refund' lines to the family's card or bank): a refund recorded another way is added here.
 */
function receiptIndex(since?: Date): SQL {
  const caregiverName = sql`(cu.first_name || ' ' || cu.last_name)`;
  // The job's window, on each branch's own column (a payment is updated when it is captured), so it reads
  // only recent rows instead of computing every receipt.
  const after = (column: SQL) => (since ? sql`and ${column} >= ${since.toISOString()}` : sql``);
  return sql`
    select 'charge' as kind, p.id as source_id, ${num('C', sql`p.id`)} as number,
      coalesce((select min(le.created_at) from ledger_entries le
          where le.booking_id = p.booking_id and le.payment_id = p.id and le.kind = 'capture'), p.updated_at) as at,
      p.captured_amount::text as amount, b.id as booking_id, p.family_id as payer_id, b.caregiver_id,
      p.family_id as recipient_id, b.circle_id, b.date as visit_date, ${caregiverName} as caregiver_name,
      null::text as plan, null::text as bank_name, null::text as account_last4
    from payments p join bookings b on b.id = p.booking_id
      join caregivers c on c.id = b.caregiver_id join users cu on cu.id = c.user_id
    where p.captured_amount > 0 ${after(sql`p.updated_at`)}
    union all
    select 'tip', t.id, ${num('T', sql`t.id`)}, t.created_at, t.amount::text, b.id, t.payer_id, t.caregiver_id,
      t.payer_id, b.circle_id, b.date, ${caregiverName}, null, null, null
    from tips t join bookings b on b.id = t.booking_id
      join caregivers c on c.id = t.caregiver_id join users cu on cu.id = c.user_id
    where true ${after(sql`t.created_at`)}
    union all
    select 'refund', le.id, ${num('R', sql`le.id`)}, le.created_at, le.amount::text, b.id, le.family_id,
      b.caregiver_id, le.family_id, b.circle_id, b.date, ${caregiverName}, null, null, null
    from ledger_entries le left join bookings b on b.id = le.booking_id
      left join caregivers c on c.id = b.caregiver_id left join users cu on cu.id = c.user_id
    where le.kind = 'refund' and le.account = 'family_source' and le.amount > 0 and le.family_id is not null
      ${after(sql`le.created_at`)}
    union all
    select 'plan', sc.id, ${num('P', sql`sc.id`)}, sc.created_at, sc.amount::text, null, sc.user_id, null,
      sc.user_id, null, null, null, sc.plan, null, null
    from subscription_charges sc where sc.status = 'paid' ${after(sql`sc.created_at`)}
    union all
    select 'payout', po.id, ${num('O', sql`po.id`)}, po.created_at, po.amount::text, null, null, po.caregiver_id,
      c.user_id, null, null, null, null, po.bank_name, po.account_last4
    from payouts po join caregivers c on c.id = po.caregiver_id where true ${after(sql`po.created_at`)}`;
}

interface RawIndexRow {
  kind: ReceiptKind;
  source_id: number;
  number: string;
  at: Date | string;
  amount: string;
  booking_id: number | null;
  payer_id: number | null;
  caregiver_id: number | null;
  recipient_id: number;
  circle_id: number | null;
  visit_date: string | null;
  caregiver_name: string | null;
  plan: string | null;
  bank_name: string | null;
  account_last4: string | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

function toRow(r: RawIndexRow): ReceiptIndexRow {
  return {
    kind: r.kind,
    sourceId: Number(r.source_id),
    number: r.number,
    at: r.at instanceof Date ? r.at : new Date(r.at),
    amount: String(r.amount),
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    payerId: r.payer_id === null ? null : Number(r.payer_id),
    caregiverId: r.caregiver_id === null ? null : Number(r.caregiver_id),
    recipientId: Number(r.recipient_id),
    circleId: r.circle_id === null ? null : Number(r.circle_id),
    visitDate: r.visit_date,
    caregiverName: r.caregiver_name,
    plan: r.plan,
    bankName: r.bank_name,
    accountLast4: r.account_last4,
  };
}

const inList = (column: SQL, ids: readonly number[]) =>
  ids.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** Which index rows a reader sees in their list. */
function readable(reader: ReceiptReader): SQL {
  const mine = sql`(r.payer_id = ${reader.userId} and r.kind <> 'payout')`;
  const circles = sql`(r.kind in ('charge', 'tip', 'refund') and ${inList(sql`r.circle_id`, reader.circleIds)})`;
  const caring = reader.caregiverId === null ? sql`false` : sql`(r.caregiver_id = ${reader.caregiverId})`;
  return sql`(${mine} or ${circles} or ${caring})`;
}

export const receiptRepo = {
  /** A page of the reader's receipts, newest first, and how many there are. */
  async list(tx: Tx, reader: ReceiptReader, limit: number, offset: number) {
    const where = readable(reader);
    const [page, count] = await Promise.all([
      tx.execute(sql`select * from (${receiptIndex()}) r where ${where}
        order by r.at desc, r.number desc limit ${limit} offset ${offset}`),
      tx.execute(sql`select count(*)::int as n from (${receiptIndex()}) r where ${where}`),
    ]);
    return {
      rows: rowsOf<RawIndexRow>(page).map(toRow),
      total: Number(rowsOf<{ n: number | string }>(count)[0]?.n ?? 0),
    };
  },

  /** One receipt by its kind and source id (its number parsed), whoever may read it. */
  async find(tx: Tx, kind: ReceiptKind, id: number): Promise<ReceiptIndexRow | undefined> {
    // By kind and id, not by the number text: the filter reaches each branch's primary key.
    const res = await tx.execute(
      sql`select * from (${receiptIndex()}) r where r.kind = ${kind} and r.source_id = ${id}`,
    );
    const [row] = rowsOf<RawIndexRow>(res);
    return row ? toRow(row) : undefined;
  },

  /** Receipts of money moved in [from, to] whose e-mail was not queued yet, oldest first. */
  async unmailed(tx: Tx, from: Date, to: Date, limit: number): Promise<ReceiptIndexRow[]> {
    const res = await tx.execute(sql`select * from (${receiptIndex(from)}) r
      where r.at >= ${from.toISOString()} and r.at <= ${to.toISOString()}
        and not exists (select 1 from receipt_mails m where m.number = r.number and m.user_id = r.recipient_id)
      order by r.at, r.number limit ${limit}`);
    return rowsOf<RawIndexRow>(res).map(toRow);
  },

  /** Marks every receipt of money moved since `from` as mailed, without mailing it (demo history). */
  async markMailed(tx: Tx, from: Date, at: Date) {
    await tx.execute(sql`insert into receipt_mails (number, user_id, queued_at)
      select r.number, r.recipient_id, ${at.toISOString()} from (${receiptIndex(from)}) r
      on conflict do nothing`);
  },

  /** Claims a receipt's e-mail to one user: true when this call wrote the row (queue it), false when taken. */
  async claimMail(tx: Tx, v: { number: string; userId: number; queuedAt: Date }) {
    const rows = await tx
      .insert(receiptMails)
      .values(v)
      .onConflictDoNothing()
      .returning({ number: receiptMails.number });
    return rows.length > 0;
  },

  /** A payment's card (or method), a booking's times and a platform fee: what a receipt states about it. */
  async chargeDetails(tx: Tx, paymentId: number) {
    const res =
      await tx.execute(sql`select p.method, p.card_brand, p.card_last4, p.refunded_amount::text as refunded,
        b.date, b.start_time, b.end_time, b.duration,
        coalesce((select sum(le.amount) from ledger_entries le
          where le.booking_id = p.booking_id and le.payment_id = p.id and le.kind = 'platform_fee'), 0)::text as fee
      from payments p join bookings b on b.id = p.booking_id where p.id = ${paymentId}`);
    return rowsOf<{
      method: string;
      card_brand: string | null;
      card_last4: string | null;
      refunded: string;
      date: string;
      start_time: string;
      end_time: string;
      duration: number;
      fee: string;
    }>(res)[0];
  },

  async tipDetails(tx: Tx, tipId: number) {
    const res =
      await tx.execute(sql`select t.card_brand, t.card_last4, b.date, b.start_time, b.end_time, b.duration
      from tips t join bookings b on b.id = t.booking_id where t.id = ${tipId}`);
    return rowsOf<{
      card_brand: string | null;
      card_last4: string | null;
      date: string;
      start_time: string;
      end_time: string;
      duration: number;
    }>(res)[0];
  },

  /** A refund line's payment (its card and charge), if it refunds one. */
  async refundDetails(tx: Tx, entryId: number) {
    const res = await tx.execute(sql`select le.payment_id, p.method, p.card_brand, p.card_last4,
        b.date, b.start_time, b.end_time, b.duration
      from ledger_entries le left join payments p on p.id = le.payment_id
        left join bookings b on b.id = le.booking_id where le.id = ${entryId}`);
    return rowsOf<{
      payment_id: number | null;
      method: string | null;
      card_brand: string | null;
      card_last4: string | null;
      date: string | null;
      start_time: string | null;
      end_time: string | null;
      duration: number | null;
    }>(res)[0];
  },

  /** A plan charge's period and the card the plan is charged to (cards are kept per plan, not per charge). */
  async planDetails(tx: Tx, chargeId: number) {
    const res =
      await tx.execute(sql`select sc.kind, sc.period_start, sc.period_end, sc.refunded_amount::text as refunded,
        spm.brand, spm.last4
      from subscription_charges sc left join subscriptions s on s.id = sc.subscription_id
        left join saved_payment_methods spm on spm.id = s.saved_card_id where sc.id = ${chargeId}`);
    return rowsOf<{
      kind: string;
      period_start: Date | string | null;
      period_end: Date | string | null;
      refunded: string;
      brand: string | null;
      last4: string | null;
    }>(res)[0];
  },

  /**
   * A payout's Friday and what it paid: the caregiver's earnings, tips and late-cancellation fees that became
   * available (48 h after they were earned) since the caregiver's previous payout, up to this one.
   */
  async payoutDetails(tx: Tx, payoutId: number, holdHours: number) {
    const res = await tx.execute(sql`select po.payout_date, po.created_at, po.caregiver_id,
        (select max(prev.created_at) from payouts prev
          where prev.caregiver_id = po.caregiver_id and prev.created_at < po.created_at) as previous_at
      from payouts po where po.id = ${payoutId}`);
    const [p] = rowsOf<{
      payout_date: string;
      created_at: Date | string;
      caregiver_id: number;
      previous_at: Date | string | null;
    }>(res);
    if (!p) return undefined;
    const hold = holdHours * 3_600_000;
    const until = new Date(new Date(p.created_at).getTime() - hold);
    const since = p.previous_at ? new Date(new Date(p.previous_at).getTime() - hold) : null;
    const items = await tx.execute(sql`select le.id, le.kind, le.amount::text as amount, le.created_at, b.date
      from ledger_entries le left join bookings b on b.id = le.booking_id
      where le.account = 'caregiver_payable' and le.caregiver_id = ${p.caregiver_id} and le.amount > 0
        and le.created_at <= ${until.toISOString()}
        ${since ? sql`and le.created_at > ${since.toISOString()}` : sql``}
      order by le.created_at, le.id limit 200`);
    return {
      payoutDate: p.payout_date,
      previousAt: p.previous_at ? new Date(p.previous_at) : null,
      items: rowsOf<{
        id: number;
        kind: string;
        amount: string;
        created_at: Date | string;
        date: string | null;
      }>(items),
    };
  },

  /** The receipt e-mails queued to a user (the privacy export). */
  async mailsTo(tx: Tx, userId: number) {
    return tx
      .select({ number: receiptMails.number, queuedAt: receiptMails.queuedAt })
      .from(receiptMails)
      .where(eq(receiptMails.userId, userId))
      .orderBy(asc(receiptMails.queuedAt), asc(receiptMails.number));
  },

  /** A user's name, e-mail and reading currency. */
  async person(tx: Tx, userId: number) {
    const res = await tx.execute(
      sql`select id, first_name, last_name, email, currency from users where id = ${userId}`,
    );
    return rowsOf<{ id: number; first_name: string; last_name: string; email: string; currency: string }>(
      res,
    )[0];
  },

  /** The caregiver record of a user, if they are one. */
  async caregiverIdOf(tx: Tx, userId: number): Promise<number | null> {
    const res = await tx.execute(sql`select id from caregivers where user_id = ${userId}`);
    const [row] = rowsOf<{ id: number }>(res);
    return row ? Number(row.id) : null;
  },
};
