import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contracts/common';
import {
  FxCurrencyParam,
  FxRateList,
  FxRateView,
  UpdateFxRateRequest,
} from '../../../shared/contracts/fx-rates';
import { currentUser } from '../../plugins/auth';

const tags = ['fx-rates'];

/** The exchange rates: every signed-in user reads them (estimates); admins set them. */
export async function fxRateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.fxRates;

  r.get(
    '/api/fx-rates',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The exchange rates kept for estimates: JMD per US$, £, C$ and €, each with the day it is for (charges are always in JMD)',
        response: { 200: FxRateList, ...errorResponses(401) },
      },
    },
    async () => service.list(),
  );

  r.put(
    '/api/admin/fx-rates/:currency',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: set a currency’s rate (JMD per unit, 20 to 2000, up to 4 decimals) and the day it is for (not in the future)',
        params: FxCurrencyParam,
        body: UpdateFxRateRequest,
        response: { 200: FxRateView, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => service.set(currentUser(req), req.params.currency, req.body),
  );
}
