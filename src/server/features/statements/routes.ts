import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CIRCLE_MESSAGES, CircleIdParam } from '../../../shared/contracts/circles';
import { errorResponses } from '../../../shared/contracts/common';
import { StatementQuery, StatementView } from '../../../shared/contracts/statements';
import { notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';

/** A care circle's monthly statement (ADR 0026), for its payers and coordinators. */
export async function statementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { statements, circles } = app.services;

  r.get(
    '/api/circles/:id/statement',
    {
      config: { access: ['family'] },
      // As on every circle route: a non-member gets the same 404 whatever they ask, before anything is read
      // (an id that is no id is left to the params schema: 400). The policy then decides for members.
      onRequest: async (req) => {
        const id = (req.params as unknown as { id?: string }).id ?? '';
        if (!req.user || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return;
        if (!(await circles.isMember(req.user.id, Number(id)))) {
          throw notFound(CIRCLE_MESSAGES.circleNotFound);
        }
      },
      schema: {
        tags: ['circles'],
        summary:
          'A circle’s statement for a Jamaica month (payers and coordinators; viewers 403, others 404): visits in Jamaica time, caregiver, hours, rate, subtotal, service fee, total, status and payment, the totals and an estimate in the payers’ currencies. format=csv is a spreadsheet download, format=pdf a printable document; format=json the same figures',
        params: CircleIdParam,
        querystring: StatementQuery,
        response: { 200: StatementView, ...errorResponses(400, 401, 403, 404) },
        otherResponses: {
          200: {
            description: 'The statement as CSV (format=csv), PDF (format=pdf) or JSON (format=json)',
            contentType: ['text/csv', 'application/pdf'],
          },
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const view = await statements.statement(user, req.params.id, req.query.month);
      if (req.query.format === 'json') return view;
      if (req.query.format === 'pdf')
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="yaadcare-statement-${view.circleId}-${view.month}.pdf"`,
          )
          .header('cache-control', 'private, no-store')
          .send((await statements.pdf(view)) as unknown as StatementView);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="yaadcare-statement-${view.circleId}-${view.month}.csv"`,
          )
          .header('cache-control', 'private, no-store')
          // A string goes out as it is (Fastify serializes objects only): the JSON schema is format=json's.
          .send(statements.csv(view) as unknown as StatementView)
      );
    },
  );
}
