import { describe, expect, it } from 'vitest';
import type { CircleRole } from '../../../shared/contracts/circles';
import { CIRCLE_ACTIONS, type CircleAction, decideCircleAction } from './policy';

/** The policy table, written out: what each kind of member may do ('x': allowed; else 403). */
const TABLE: Record<CircleAction, { viewer: boolean; coordinator: boolean; payer: boolean }> = {
  view: { viewer: true, coordinator: true, payer: true },
  listMembers: { viewer: true, coordinator: true, payer: true },
  leave: { viewer: true, coordinator: true, payer: true },
  invite: { viewer: false, coordinator: true, payer: false },
  removeMember: { viewer: false, coordinator: true, payer: false },
  changeRoles: { viewer: false, coordinator: true, payer: false },
  book: { viewer: false, coordinator: true, payer: false },
  message: { viewer: false, coordinator: true, payer: false },
  setCap: { viewer: false, coordinator: false, payer: true },
  approve: { viewer: false, coordinator: false, payer: true },
  pay: { viewer: false, coordinator: false, payer: true },
  viewStatement: { viewer: false, coordinator: true, payer: true },
};

describe('the circle policy', () => {
  it('decides every action for every combination of roles, and hides the circle from non-members', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...CIRCLE_ACTIONS].sort());
    const combos: CircleRole[][] = [[], ['coordinator'], ['payer'], ['coordinator', 'payer']];
    for (const action of CIRCLE_ACTIONS) {
      expect(decideCircleAction(undefined, action), action).toBe('hidden');
      for (const roles of combos) {
        const row = TABLE[action];
        const may = roles.length === 0 ? row.viewer : row.viewer || roles.some((r) => row[r]);
        expect(decideCircleAction({ roles }, action), `${action} as [${roles}]`).toBe(
          may ? 'allowed' : 'forbidden',
        );
      }
    }
  });
});
