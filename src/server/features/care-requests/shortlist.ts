import {
  type CareRequestView,
  CARE_REQUEST_MESSAGES as MSG,
  type ShortlistQueueItem,
} from '../../../shared/contracts/care-requests';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor, CareRequestDeps } from './deps';
import { careRequestNotices } from './notices';
import { careRequestRepo as repo } from './repo';

type OwnerView = (tx: Tx, id: number, actor: Actor) => Promise<CareRequestView>;

/**
 * The team shortlist (Premium, ADR 0038): the owner asks when their plan's gate allows 'team_shortlist';
 * the request joins the admin queue, where a team member picks up to three listed caregivers with a note,
 * and the family is told. The picks show beside the applicants on the request.
 */
export function careRequestShortlist(
  deps: CareRequestDeps,
  ownerView: OwnerView,
  sendAll: (mailer: Mailer, mails: Mail[]) => Promise<void>,
) {
  const { db, now, publicUrl } = deps;
  const notices = careRequestNotices(deps.notices);
  return {
    async requestShortlist(actor: Actor, id: number) {
      const at = now();
      // Asked before the transaction: the gate reads on its own connection (PGlite has only one).
      const allowed = await deps.gate.allows(String(actor.id), 'team_shortlist');
      await db.transaction(async (tx) => {
        const request = await repo.lock(tx, id);
        if (!request || request.familyId !== actor.id) throw notFound(MSG.notFound);
        if (!allowed) throw forbidden(MSG.shortlistNeedsPremium, 'PLAN_REQUIRED');
        if (request.status !== 'open' || request.expiresAt <= at) throw conflict(MSG.notOpen);
        if (request.shortlistRequestedAt) throw conflict(MSG.shortlistAlready);
        await repo.requestShortlist(tx, id, at);
      });
      return ownerView(db, id, actor);
    },

    /** The admin queue: requests waiting for the team's picks, oldest ask first. */
    async shortlistQueue(): Promise<ShortlistQueueItem[]> {
      const rows = await repo.shortlistQueue(db);
      return rows.map(({ request: r, familyFirstName, familyLastName }) => ({
        requestId: r.id,
        kind: r.kind,
        parish: r.parish,
        town: r.town,
        startDate: r.startDate,
        description: r.description,
        familyName: `${familyFirstName} ${familyLastName}`,
        requestedAt: (r.shortlistRequestedAt ?? r.createdAt).toISOString(),
        status: r.status,
      }));
    },

    /** A team member's picks (1–3 listed caregivers) and note; the family is told. */
    async pickShortlist(admin: Actor, id: number, pick: { caregiverIds: number[]; note: string }) {
      const at = now();
      const ids = [...new Set(pick.caregiverIds)];
      const mails = await db.transaction(async (tx) => {
        const request = await repo.lock(tx, id);
        if (!request?.shortlistRequestedAt) throw notFound('No shortlist was asked for on this request.');
        if (request.shortlistPickedAt) throw conflict('The shortlist for this request was already sent.');
        const listed = await repo.listedCaregiverIds(tx, ids);
        const missing = ids.filter((c) => !listed.includes(c));
        if (missing.length > 0)
          throw badRequest(`Caregiver ${missing.join(', ')} is not listed.`, [
            { path: 'caregiverIds', message: 'Pick caregivers who are listed (active and available).' },
          ]);
        await repo.pickShortlist(tx, id, { caregiverIds: ids, note: pick.note, by: admin.id }, at);
        const family = await repo.familyContact(tx, request.familyId);
        return family ? notices.shortlistReady(tx, publicUrl, family, request, at) : [];
      });
      await sendAll(deps.mailer, mails);
      return { requestId: id, caregiverIds: ids };
    },
  };
}
