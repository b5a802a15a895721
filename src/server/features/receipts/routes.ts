import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contracts/common';
import {
  ReceiptList,
  ReceiptListQuery,
  ReceiptNumberParam,
  ReceiptView,
} from '../../../shared/contracts/receipts';
import { currentUser } from '../../plugins/auth';

const WHO = ['family', 'caregiver', 'admin'] as const;

/** Receipts of charges, tips, plan charges, refunds and payouts (ADR 0055). */
export async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { receipts } = app.services;

  r.get(
    '/api/receipts',
    {
      config: { access: [...WHO] },
      schema: {
        tags: ['receipts'],
        summary:
          'My receipts, newest first: what I paid or was refunded (and, for a circle’s payers and coordinators, the circle’s), my plan charges; for a caregiver the payments of their visits and their payouts',
        querystring: ReceiptListQuery,
        response: { 200: ReceiptList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => receipts.list(currentUser(req), req.query.page),
  );

  r.get(
    '/api/receipts/:number',
    {
      config: { access: [...WHO] },
      schema: {
        tags: ['receipts'],
        summary:
          'One receipt (the page’s figures): date in Jamaica time, caregiver, visit and hours, amount and fee in J$, the card’s brand and last four (the payer only), an estimate in the reader’s currency. 404 for anyone it does not concern',
        params: ReceiptNumberParam,
        response: { 200: ReceiptView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => receipts.get(currentUser(req), req.params.number),
  );

  r.get(
    '/api/receipts/:number/pdf',
    {
      config: { access: [...WHO] },
      schema: {
        tags: ['receipts'],
        summary: 'One receipt as a PDF download (the same access as the receipt)',
        params: ReceiptNumberParam,
        response: { ...errorResponses(400, 401, 403, 404) },
        otherResponses: {
          200: { description: 'The receipt as a PDF', contentType: ['application/pdf'] },
        },
      },
    },
    async (req, reply) => {
      const view = await receipts.get(currentUser(req), req.params.number);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="yaadcare-receipt-${view.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          // A Buffer goes out as it is (the JSON schemas are the errors'): the PDF is described in otherResponses.
          .send((await receipts.pdf(view)) as never)
      );
    },
  );
}
