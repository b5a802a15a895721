import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  type DocumentType,
  users,
  type VerificationStatus,
  verificationDecisions,
  verificationDocuments,
  verifications,
} from '../../db/schema';

export type VerificationRow = typeof verifications.$inferSelect;
export type VerificationPatch = Partial<typeof verifications.$inferInsert>;
export type DocumentRow = typeof verificationDocuments.$inferSelect;

const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const verificationRepo = {
  async find(tx: Tx, userId: number): Promise<VerificationRow | undefined> {
    const [row] = await tx.select().from(verifications).where(eq(verifications.userId, userId)).limit(1);
    return row;
  },

  /** The row, locked until the transaction ends: OTP tries and decisions must not race. */
  async findForUpdate(tx: Tx, userId: number): Promise<VerificationRow | undefined> {
    const [row] = await tx
      .select()
      .from(verifications)
      .where(eq(verifications.userId, userId))
      .limit(1)
      .for('update');
    return row;
  },

  /** Creates the user's record if missing; returns it either way. */
  async ensure(tx: Tx, userId: number): Promise<VerificationRow> {
    await tx.insert(verifications).values({ userId }).onConflictDoNothing();
    return (await this.find(tx, userId))!;
  },

  async update(tx: Tx, userId: number, set: VerificationPatch): Promise<VerificationRow> {
    const [row] = await tx
      .update(verifications)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(verifications.userId, userId))
      .returning();
    return row;
  },

  async findByEmailToken(tx: Tx, tokenHash: string): Promise<VerificationRow | undefined> {
    const [row] = await tx
      .select()
      .from(verifications)
      .where(eq(verifications.emailToken, tokenHash))
      .limit(1)
      .for('update');
    return row;
  },

  async addDocument(
    tx: Tx,
    doc: {
      userId: number;
      type: DocumentType;
      storageKey: string;
      contentType: string;
      size: number;
      originalName: string;
    },
  ): Promise<DocumentRow> {
    const [row] = await tx.insert(verificationDocuments).values(doc).returning();
    return row;
  },

  /** The user's documents, the newest of each type first. */
  async documents(tx: Tx, userId: number): Promise<DocumentRow[]> {
    return tx
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, userId))
      .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id));
  },

  async findDocument(tx: Tx, id: number): Promise<DocumentRow | undefined> {
    const [row] = await tx
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.id, id))
      .limit(1);
    return row;
  },

  async addDecision(
    tx: Tx,
    d: {
      userId: number;
      step: (typeof verificationDecisions.$inferInsert)['step'];
      approved: boolean;
      reason: string | null;
      decidedBy: number;
    },
  ): Promise<void> {
    await tx.insert(verificationDecisions).values(d);
  },

  async setUserStatus(
    tx: Tx,
    userId: number,
    set: { verificationStatus: VerificationStatus; isVerified?: boolean },
  ) {
    await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId));
  },

  async setUserPhone(tx: Tx, userId: number, phone: string) {
    await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async findUser(tx: Tx, userId: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  },

  /** The admin queue: records in a status, oldest submission first. */
  async list(tx: Tx, f: { status: VerificationStatus; q?: string; limit: number; offset: number }) {
    const conds: SQL[] = [eq(verifications.status, f.status)];
    if (f.q) {
      const term = likeTerm(f.q);
      conds.push(
        or(ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term))!,
      );
    }
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      tx
        .select({ v: verifications, u: users })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(where)
        .orderBy(asc(verifications.submittedAt), asc(verifications.id))
        .limit(f.limit)
        .offset(f.offset),
      tx
        .select({ total: count() })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(where),
    ]);
    const docs = rows.length
      ? await tx
          .select({ userId: verificationDocuments.userId, type: verificationDocuments.type })
          .from(verificationDocuments)
          .where(
            inArray(
              verificationDocuments.userId,
              rows.map((r) => r.v.userId),
            ),
          )
      : [];
    return { rows, total, docs };
  },

  /**
   * Claims the records whose police record is due a renewal reminder and marks them reminded, in one
   * statement: two server instances running the job never remind twice.
   */
  async claimDueReminders(tx: Tx, cutoff: string) {
    return tx
      .update(verifications)
      .set({ policeRecordReminderSentAt: new Date() })
      .where(
        and(
          isNotNull(verifications.policeRecordIssuedAt),
          lte(verifications.policeRecordIssuedAt, cutoff),
          isNull(verifications.policeRecordReminderSentAt),
        ),
      )
      .returning({ userId: verifications.userId, issuedAt: verifications.policeRecordIssuedAt });
  },
};
