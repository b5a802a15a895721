import type { z } from 'zod';
import { jamaicaInstantAt, parseClock } from '../../../shared/booking-rules';
import { WEEKDAYS } from '../../../shared/catalog';
import {
  type ApplyToCareRequest,
  type CareRequestView,
  type CreateCareRequest,
  CARE_REQUEST_MESSAGES as MSG,
  CARE_REQUEST_RULES as RULES,
} from '../../../shared/contracts/care-requests';
import { jamaicaToday } from '../../../shared/time';
import type { Mail, Mailer } from '../../adapters/mailer';
import { counters } from '../../core/rate-limits/service';
import type { Tx } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { maskContactDetails } from './contact-mask';
import { careRequestNotices } from './notices';
import { careRequestRepo as repo } from './repo';
import { careRequestShortlist } from './shortlist';

export { careRequestPrivacy } from './privacy';

import type { Actor, CareRequestDeps } from './deps';
import { applicantView, requestView } from './view';

export type { Actor, CareRequestDeps } from './deps';

type CreateInput = z.output<typeof CreateCareRequest>;
type ApplyInput = z.output<typeof ApplyToCareRequest>;

const DAY = 86_400_000;

/** The weekday of a yyyy-MM-dd date, as WEEKDAYS names it. */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];
}

async function sendAll(mailer: Mailer, mails: Mail[]) {
  for (const m of mails) {
    try {
      await mailer.send(m);
    } catch {
      // The in-app notice and the outbox row were written; the deliveries job retries.
    }
  }
}

const isLive = (r: { status: string; expiresAt: Date }, at: Date) =>
  r.status === 'open' && r.expiresAt.getTime() > at.getTime();

/** Care requests (ADR 0038): post, fit, apply, compare, book in one step, withdraw, expire. */
export function createCareRequestService(deps: CareRequestDeps) {
  const { db, publicUrl, now } = deps;
  const notices = careRequestNotices(deps.notices);

  async function ownerView(tx: Tx, id: number, actor: Actor): Promise<CareRequestView> {
    const found = await repo.get(tx, id);
    if (!found || found.request.familyId !== actor.id) throw notFound(MSG.notFound);
    const r = found.request;
    const applicants = await repo.applicants(tx, id);
    const picks = await repo.caregiversByIds(tx, r.shortlistCaregiverIds);
    const rank = await deps.reliabilityRank(tx, [
      ...applicants.map((a) => a.caregiverId),
      ...picks.map((p) => p.caregiverId),
    ]);
    return {
      ...requestView(r, found.familyFirstName, found.applicantCount, true),
      applicants: applicants.map((a) =>
        applicantView(a, r.parish, rank.get(a.caregiverId) ?? 0, a.application),
      ),
      shortlist: r.shortlistRequestedAt
        ? {
            requestedAt: r.shortlistRequestedAt.toISOString(),
            pickedAt: r.shortlistPickedAt?.toISOString() ?? null,
            note: r.shortlistNote,
            picks: picks.map((p) => applicantView(p, r.parish, rank.get(p.caregiverId) ?? 0)),
          }
        : null,
    };
  }

  return {
    /** A family posts a request; fitting caregivers are told. Contact details in the text are masked. */
    async create(actor: Actor, body: CreateInput) {
      const at = now();
      const startMinutes = parseClock(body.startTime) ?? 0;
      if (
        body.startDate < jamaicaToday(at) ||
        jamaicaInstantAt(body.startDate, startMinutes).getTime() <= at.getTime()
      )
        throw badRequest(MSG.pastDate, [{ path: 'startDate', message: MSG.pastDate }]);
      const description = maskContactDetails(body.description);
      const skills = (body.skills ?? []).map((s) => maskContactDetails(s));
      const weekdays = [...new Set(body.weekdays ?? [])].sort(
        (a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b),
      );
      const { row, mails } = await db.transaction(async (tx) => {
        await counters.consume(
          tx,
          { key: `care-requests:post:${actor.id}`, max: RULES.postsPerDay, windowMs: DAY },
          at,
          `You can post at most ${RULES.postsPerDay} care requests a day. Please try again tomorrow.`,
        );
        const row = await repo.insert(tx, {
          familyId: actor.id,
          kind: body.kind,
          parish: body.parish,
          town: body.town,
          startDate: body.startDate,
          startTime: body.startTime,
          hours: body.hours,
          weekdays,
          careDays: weekdays.length > 0 ? weekdays : [weekdayOf(body.startDate)],
          budgetMinJmd: body.budgetMinJmd ?? null,
          budgetMaxJmd: body.budgetMaxJmd ?? null,
          skills: skills.map((s) => s.text),
          description: description.text,
          createdAt: at,
          expiresAt: new Date(at.getTime() + RULES.openDays * DAY),
        });
        const to = await repo.fittingCaregivers(tx, row.id, at);
        return { row, mails: await notices.newRequest(tx, publicUrl, to, row, at) };
      });
      await sendAll(deps.mailer, mails);
      return { id: row.id, contactDetailsMasked: description.masked || skills.some((s) => s.masked) };
    },

    /** Families: their own requests. Caregivers: open requests that fit them. */
    async list(actor: Actor): Promise<CareRequestView[]> {
      if (actor.userType === 'family') {
        const rows = await repo.listForFamily(db, actor.id);
        return rows.map((r) => requestView(r.request, r.familyFirstName, r.applicantCount, true));
      }
      const cg = await repo.caregiverOfUser(db, actor.id);
      if (!cg) return [];
      const rows = await repo.listFitting(db, cg.id, now());
      const mine = new Map(
        (
          await repo.applicationsOfCaregiver(
            db,
            cg.id,
            rows.map((r) => r.request.id),
          )
        ).map((a) => [a.requestId, a]),
      );
      return rows.map((r) => {
        const a = mine.get(r.request.id);
        return {
          ...requestView(r.request, r.familyFirstName, r.applicantCount, false),
          myApplication: a ? { id: a.id, status: a.status, hourlyRate: a.hourlyRate } : null,
        };
      });
    },

    /** The owner: everything, applicants side by side. A fitting (or applied) caregiver: no surname. Else 404. */
    async get(actor: Actor, id: number): Promise<CareRequestView> {
      if (actor.userType === 'family') return ownerView(db, id, actor);
      const cg = actor.userType === 'caregiver' ? await repo.caregiverOfUser(db, actor.id) : undefined;
      const found = cg ? await repo.get(db, id) : undefined;
      if (!cg || !found) throw notFound(MSG.notFound);
      const mine = await repo.applicationOf(db, id, cg.id);
      const visible = mine
        ? !(await repo.blockedBetween(db, found.request.familyId, actor.id))
        : await repo.fitsCaregiver(db, id, cg.id, now());
      if (!visible) throw notFound(MSG.notFound);
      return {
        ...requestView(found.request, found.familyFirstName, found.applicantCount, false),
        myApplication: mine ? { id: mine.id, status: mine.status, hourlyRate: mine.hourlyRate } : null,
      };
    },

    /** A fitting caregiver applies once, with a message (contact details masked) and their rate. */
    async apply(actor: Actor, id: number, body: ApplyInput) {
      const at = now();
      const message = maskContactDetails(body.message);
      const { app, mails } = await db.transaction(async (tx) => {
        const cg = await repo.caregiverOfUser(tx, actor.id);
        const request = await repo.lock(tx, id);
        if (!cg || !request) throw notFound(MSG.notFound);
        if (!(await repo.fitsCaregiver(tx, id, cg.id, at))) {
          if (!isLive(request, at) && (await repo.applicationOf(tx, id, cg.id))) throw conflict(MSG.notOpen);
          throw notFound(MSG.notFound);
        }
        if (await repo.applicationOf(tx, id, cg.id)) throw conflict(MSG.alreadyApplied);
        await counters.consume(
          tx,
          { key: `care-requests:apply:${actor.id}`, max: RULES.applicationsPerHour, windowMs: DAY / 24 },
          at,
          `You can apply to at most ${RULES.applicationsPerHour} requests an hour. Please try again later.`,
        );
        let app: Awaited<ReturnType<typeof repo.insertApplication>>;
        try {
          app = await tx.transaction((sp) =>
            repo.insertApplication(sp, {
              requestId: id,
              caregiverId: cg.id,
              message: message.text,
              hourlyRate: body.hourlyRate.toFixed(2),
              createdAt: at,
              updatedAt: at,
            }),
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(MSG.alreadyApplied);
          throw err;
        }
        const family = await repo.familyContact(tx, request.familyId);
        const who = `${actor.firstName} ${actor.lastName.slice(0, 1)}.`;
        const mails = family ? await notices.application(tx, publicUrl, family, request, who, at) : [];
        return { app, mails };
      });
      await sendAll(deps.mailer, mails);
      return { id: app.id, contactDetailsMasked: message.masked };
    },

    /**
     * The owner books an applicant in one step: a booking request through the bookings service at the
     * applicant's rate; the request is filled, the application booked, the others declined and told kindly.
     */
    async book(actor: Actor, id: number, appId: number) {
      const at = now();
      const { bookingId, mails } = await db.transaction(async (tx) => {
        const request = await repo.lock(tx, id);
        if (!request || request.familyId !== actor.id) throw notFound(MSG.notFound);
        if (!isLive(request, at)) throw conflict(MSG.notOpen);
        const app = await repo.application(tx, id, appId);
        if (!app) throw notFound('Application not found');
        if (app.status !== 'applied') throw conflict(MSG.applicationNotOpen);
        const { row, mails } = await deps.bookings.writeRequest(
          tx,
          actor,
          {
            caregiverId: app.caregiverId,
            date: request.startDate,
            startTime: request.startTime,
            hours: request.hours,
            hourlyRate: app.hourlyRate,
            notes: request.description.slice(0, 1000),
          },
          at,
        );
        await repo.setApplicationStatus(tx, [app.id], 'booked', at, row.id);
        const others = (await repo.applicants(tx, id)).filter(
          (a) => a.application.id !== app.id && a.application.status === 'applied',
        );
        await repo.setApplicationStatus(
          tx,
          others.map((o) => o.application.id),
          'declined',
          at,
        );
        await repo.setStatus(tx, id, 'filled', at);
        const to = await repo.contacts(
          tx,
          others.map((o) => o.userId),
        );
        const told = await notices.notChosen(tx, publicUrl, to, request, 'filled', at);
        return { bookingId: row.id, mails: [...mails, ...told] };
      });
      await sendAll(deps.mailer, mails);
      return { bookingId };
    },

    /** The owner withdraws an open request; applicants are told kindly. */
    async withdraw(actor: Actor, id: number) {
      const at = now();
      const mails = await db.transaction(async (tx) => {
        const request = await repo.lock(tx, id);
        if (!request || request.familyId !== actor.id) throw notFound(MSG.notFound);
        if (!isLive(request, at)) throw conflict(MSG.notOpen);
        const open = (await repo.applicants(tx, id)).filter((a) => a.application.status === 'applied');
        await repo.setApplicationStatus(
          tx,
          open.map((o) => o.application.id),
          'declined',
          at,
        );
        await repo.setStatus(tx, id, 'withdrawn', at);
        const to = await repo.contacts(
          tx,
          open.map((o) => o.userId),
        );
        return notices.notChosen(tx, publicUrl, to, request, 'withdrawn', at);
      });
      await sendAll(deps.mailer, mails);
      return ownerView(db, id, actor);
    },

    /** The expiry job: open requests 14 days old close. */
    async expire(at: Date) {
      const rows = await db.transaction((tx) => repo.expire(tx, at));
      return { expired: rows.length };
    },

    ...careRequestShortlist(deps, ownerView, sendAll),
  };
}
