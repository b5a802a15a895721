import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export interface MoneyFilter {
  bookingId?: number;
  userId?: number;
  limit: number;
  offset: number;
}

export interface MoneyRow {
  kind: 'payment' | 'payout' | 'subscription';
  id: number;
  created_at: Date | string;
  status: string;
  amount: string;
  captured_amount: string | null;
  refunded_amount: string | null;
  method: string | null;
  reference: string | null;
  booking_id: number | null;
  payout_date: string | null;
  family_id: number | null;
  family_first: string | null;
  family_last: string | null;
  caregiver_user_id: number | null;
  caregiver_first: string | null;
  caregiver_last: string | null;
  /** A plan charge's ledger transaction (ADR 0037). */
  ledger_txn_id: string | null;
  /** A plan charge's refunds' ledger transactions (ADR 0054). */
  refund_txn_ids: string[] | null;
}

/**
 * The admins' read model of money: payments (holds, transfers, captures, refunds) and payouts in one list,
 * newest first, filtered by booking and by user (the family, or the caregiver's user), with a total.
 * A booking filter leaves payouts out (a payout is for a caregiver's balance, not one booking).
 */
export const adminMoneyRepo = {
  async page(tx: Tx, f: MoneyFilter): Promise<{ rows: MoneyRow[]; total: number }> {
    const paymentWhere: SQL[] = [sql`true`];
    if (f.bookingId !== undefined) paymentWhere.push(sql`p.booking_id = ${f.bookingId}`);
    if (f.userId !== undefined) paymentWhere.push(sql`(p.family_id = ${f.userId} or cu.id = ${f.userId})`);
    const payoutWhere: SQL[] = [f.bookingId !== undefined ? sql`false` : sql`true`];
    if (f.userId !== undefined) payoutWhere.push(sql`cu.id = ${f.userId}`);
    // Plan charges (ADR 0037) belong to a family, never to a booking.
    const planWhere: SQL[] = [f.bookingId !== undefined ? sql`false` : sql`true`];
    if (f.userId !== undefined) planWhere.push(sql`sc.user_id = ${f.userId}`);
    const union = sql`
      select 'payment' as kind, p.id, p.created_at, p.status, p.amount::text as amount,
        p.captured_amount::text as captured_amount, p.refunded_amount::text as refunded_amount,
        p.method, p.reference, p.booking_id, null::text as payout_date,
        fu.id as family_id, fu.first_name as family_first, fu.last_name as family_last,
        cu.id as caregiver_user_id, cu.first_name as caregiver_first, cu.last_name as caregiver_last,
        null::uuid as ledger_txn_id, null::uuid[] as refund_txn_ids
      from payments p
      join bookings b on b.id = p.booking_id
      join users fu on fu.id = p.family_id
      join caregivers c on c.id = b.caregiver_id
      join users cu on cu.id = c.user_id
      where ${sql.join(paymentWhere, sql` and `)}
      union all
      select 'payout', po.id, po.created_at, po.status, po.amount::text, null, null, null, null, null,
        po.payout_date, null, null, null, cu.id, cu.first_name, cu.last_name, null, null
      from payouts po
      join caregivers c on c.id = po.caregiver_id
      join users cu on cu.id = c.user_id
      where ${sql.join(payoutWhere, sql` and `)}
      union all
      select 'subscription', sc.id, sc.created_at, sc.status, sc.amount::text,
        case when sc.status = 'paid' then sc.amount::text end, sc.refunded_amount::text, 'card',
        sc.plan || ' plan, ' || sc.kind, null, null, fu.id, fu.first_name, fu.last_name, null, null, null,
        sc.ledger_txn_id,
        array(select r.ledger_txn_id from plan_charge_refunds r where r.charge_id = sc.id and r.ledger_txn_id is not null)
      from subscription_charges sc
      join users fu on fu.id = sc.user_id
      where ${sql.join(planWhere, sql` and `)}`;
    const [page, count] = await Promise.all([
      tx.execute(sql`select * from (${union}) m order by m.created_at desc, m.kind, m.id desc
        limit ${f.limit} offset ${f.offset}`),
      tx.execute(sql`select count(*)::int as n from (${union}) m`),
    ]);
    return {
      rows: (page as unknown as { rows: MoneyRow[] }).rows,
      total: Number((count as unknown as { rows: { n: number | string }[] }).rows[0].n),
    };
  },
};
