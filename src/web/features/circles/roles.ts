import type { CircleRole, InvitationRole } from '../../../shared/contracts/circles';
import { formatJmd } from '../../../shared/money';

export const ROLE_LABEL: Record<InvitationRole, string> = {
  coordinator: 'Coordinator',
  payer: 'Payer',
  viewer: 'Viewer',
};

/** What each role may do, in the words the invitation e-mail uses (ADR 0024's policy). */
export const ROLE_HELP: Record<InvitationRole, string> = {
  coordinator: 'Coordinators invite relatives, change their roles and remove members, and arrange the care.',
  payer: 'Payers pay for the care and can set a monthly spending cap for themselves.',
  viewer: 'Viewers see the circle and its members, and can leave it; they change nothing.',
};

/** The roles a member holds, as words: 'Coordinator and payer'; none of them is 'Viewer'. */
export function rolesText(roles: readonly CircleRole[]): string {
  if (roles.length === 0) return ROLE_LABEL.viewer;
  const words = roles.map((r, i) => (i === 0 ? ROLE_LABEL[r] : ROLE_LABEL[r].toLowerCase()));
  return words.join(' and ');
}

/** A monthly cap in whole JMD as the app writes amounts: 'J$ 50,000'. */
export const capText = (jmd: number) => formatJmd(jmd * 100);

/** The recipient's place as one line: 'Mummy, Mandeville, Manchester'. */
export const recipientLine = (firstName: string, town: string, parish: string) =>
  town.toLowerCase() === parish.toLowerCase()
    ? `${firstName}, ${parish}`
    : `${firstName}, ${town}, ${parish}`;
