import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam } from '../../../shared/contracts/common';
import {
  AcceptMeetingRequest,
  AcceptMeetingResponse,
  CreateMeetingRequest,
  CreateMeetingResponse,
  DeclineMeetingRequest,
  MeetingOutcomeRequest,
  MeetingStatusResponse,
  MeetingView,
  ProposeMeetingRequest,
  ReportMeetingRequest,
} from '../../../shared/contracts/meetings';
import { currentUser } from '../../plugins/auth';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const PARTIES = ['family', 'caregiver'] as const;

/** Meetings before booking (ADR 0047): ask, answer by turns, cancel, say how it went, report. */
export async function meetingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meetings = app.services.meetings;

  r.post(
    '/api/meetings',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['meetings'],
        summary:
          'Ask a caregiver for a free 15- or 30-minute meeting (video, phone or in person) before booking',
        description:
          'One to three proposed times, each at least 2 hours and at most 60 days ahead. With circleId, the caller must be a coordinator or payer of the circle. Refused (403 USER_BLOCKED) when either user blocked the other. Counts against the messages-a-minute limit. No money moves.',
        body: CreateMeetingRequest,
        response: { 201: CreateMeetingResponse, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await meetings.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/meetings',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary:
          "The signed-in user's meetings (asked, of their circles, or with them as caregiver), newest first",
        response: { 200: z.array(MeetingView), 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (req) => meetings.list(currentUser(req)),
  );

  r.get(
    '/api/meetings/:id',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'One meeting as its party sees it (404 for anyone else)',
        params: IdParam,
        response: { 200: MeetingView, ...errors },
      },
    },
    async (req) => meetings.get(currentUser(req), req.params.id),
  );

  r.post(
    '/api/meetings/:id/accept',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'Accept one of the proposed times (whoever’s turn it is): the meeting is confirmed',
        description:
          'A video meeting gets its private room link, shown only to the two parties. 409 when the caregiver already has a confirmed meeting overlapping that time.',
        params: IdParam,
        body: AcceptMeetingRequest,
        response: { 200: AcceptMeetingResponse, ...errors },
      },
    },
    async (req) => meetings.accept(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/meetings/:id/propose',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'Propose other times (whoever’s turn it is): the other party then accepts one',
        params: IdParam,
        body: ProposeMeetingRequest,
        response: { 200: MeetingStatusResponse, ...errors },
      },
    },
    async (req) => meetings.propose(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/meetings/:id/decline',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'Decline the meeting (whoever’s turn it is), with an optional reason',
        params: IdParam,
        body: DeclineMeetingRequest,
        response: { 200: MeetingStatusResponse, ...errors },
      },
    },
    async (req) => meetings.decline(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/meetings/:id/cancel',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'Cancel the meeting (either party, before it starts)',
        params: IdParam,
        response: { 200: MeetingStatusResponse, ...errors },
      },
    },
    async (req) => meetings.cancel(currentUser(req), req.params.id),
  );

  r.post(
    '/api/meetings/:id/outcome',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['meetings'],
        summary: "After the meeting: the family's private verdict, 'book' or 'not_a_fit'",
        description: 'Never shown to the caregiver and never a rating.',
        params: IdParam,
        body: MeetingOutcomeRequest,
        response: { 200: MeetingStatusResponse, ...errors },
      },
    },
    async (req) => meetings.outcome(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/meetings/:id/report',
    {
      config: { access: [...PARTIES] },
      schema: {
        tags: ['meetings'],
        summary: 'Report the other party of a meeting to the YaadCare team (the report names the meeting)',
        params: IdParam,
        body: ReportMeetingRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ id: await meetings.report(currentUser(req), req.params.id, req.body.reason) }),
  );
}
