import type { z } from 'zod';
import {
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_METHOD_RULES,
  type PaymentMethodView,
  type SavePaymentMethodRequest,
} from '../../../shared/contracts/payment-methods';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type SavedCardRow, savedCardRepo } from './saved-cards-repo';

type Actor = Pick<SessionUser, 'id' | 'userType'>;

export interface SavedCardDeps {
  db: Db;
  provider: PaymentProvider;
  now?: () => Date;
}

/** What any answer shows of a saved card: never the provider's reference. */
export const toPaymentMethodView = (r: SavedCardRow): PaymentMethodView => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.expMonth,
  expYear: r.expYear,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

/**
 * A family's saved cards (ADR 0032): the hosted fields' single-use token becomes a provider payment method;
 * we keep its reference (secret: never answered, never logged), brand, last 4 and expiry. The first card
 * is the default; removing the default makes the oldest remaining card the default. Routes allow families
 * only; a card of someone else is 404.
 */
export function createSavedCardService(deps: SavedCardDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(actor: Actor): Promise<PaymentMethodView[]> {
      return (await savedCardRepo.list(db, actor.id)).map(toPaymentMethodView);
    },

    async save(actor: Actor, input: z.output<typeof SavePaymentMethodRequest>): Promise<PaymentMethodView> {
      const result = await provider.saveMethod({ token: input.paymentToken });
      if (!result.ok) {
        throw badRequest(result.message, 'CARD_TOKEN_INVALID', [
          { path: 'paymentToken', message: result.message },
        ]);
      }
      try {
        const row = await db.transaction(async (tx) => {
          await savedCardRepo.lockUser(tx, actor.id);
          const cards = await savedCardRepo.list(tx, actor.id);
          if (cards.length >= PAYMENT_METHOD_RULES.maxCards) throw conflict(PAYMENT_METHOD_MESSAGES.tooMany);
          return savedCardRepo.insert(tx, {
            userId: actor.id,
            providerRef: result.methodRef,
            brand: result.brand,
            last4: result.last4,
            expMonth: result.expMonth,
            expYear: result.expYear,
            isDefault: cards.length === 0,
            createdAt: now(),
          });
        });
        return toPaymentMethodView(row);
      } catch (err) {
        // The same hosted-fields token saved twice gives the same reference: refused like a reused token.
        if (isUniqueViolation(err, 'saved_payment_methods_provider_ref'))
          throw conflict(PAYMENT_METHOD_MESSAGES.tokenUsed, 'CARD_TOKEN_USED');
        throw err;
      }
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const ref = await db.transaction(async (tx) => {
        await savedCardRepo.lockUser(tx, actor.id);
        const card = await savedCardRepo.lockOwn(tx, actor.id, id);
        if (!card) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
        await savedCardRepo.remove(tx, card.id);
        if (card.isDefault) {
          const [next] = await savedCardRepo.list(tx, actor.id);
          if (next) await savedCardRepo.setDefault(tx, actor.id, next.id);
        }
        return card.providerRef;
      });
      await provider.removeMethod(ref);
    },

    /** Account deletion: every saved card of the user goes in `tx`; the provider references to forget after commit. */
    async removeAllFor(tx: Tx, userId: number): Promise<string[]> {
      const cards = await savedCardRepo.list(tx, userId);
      for (const card of cards) await savedCardRepo.remove(tx, card.id);
      return cards.map((c) => c.providerRef);
    },

    /** After the deletion committed: the provider forgets the cards (best effort; our rows are gone already). */
    async forgetAtProvider(refs: string[]): Promise<void> {
      for (const ref of refs) await provider.removeMethod(ref).catch(() => undefined);
    },

    /**
     * The card to charge for a user with no one at the keyboard (plan renewals, ADR 0037): the card `id` when
     * it is still theirs, else their default card; its provider reference stays on the server.
     */
    async forCharging(tx: Tx, userId: number, id: number | null): Promise<SavedCardRow | undefined> {
      const own = id === null ? undefined : (await savedCardRepo.list(tx, userId)).find((c) => c.id === id);
      return own ?? (await savedCardRepo.defaultOf(tx, userId));
    },

    async makeDefault(actor: Actor, id: number): Promise<PaymentMethodView> {
      return db.transaction(async (tx) => {
        await savedCardRepo.lockUser(tx, actor.id);
        const card = await savedCardRepo.lockOwn(tx, actor.id, id);
        if (!card) throw notFound(PAYMENT_METHOD_MESSAGES.notFound);
        await savedCardRepo.setDefault(tx, actor.id, card.id);
        return toPaymentMethodView({ ...card, isDefault: true });
      });
    },
  };
}

export type SavedCardService = ReturnType<typeof createSavedCardService>;
