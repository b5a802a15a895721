import { MAX_MONTHLY_CAP_JMD } from '../../../shared/contracts/circles';
import { capText } from './roles';

export const CAP_HINT = 'Whole Jamaican dollars (J$). Leave it empty for no cap.';

/** A cap as typed ('50,000', 'J$ 50000', '') → whole JMD, null for none, or what is wrong with it. */
export function parseCap(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const clean = text.replace(/^\s*J?\$\s*/i, '').replace(/[\s,]/g, '');
  if (clean === '') return { ok: true, value: null };
  if (!/^\d+$/.test(clean)) {
    return { ok: false, message: 'Enter the cap as a whole number of Jamaican dollars, or leave it empty.' };
  }
  const value = Number(clean);
  if (value > MAX_MONTHLY_CAP_JMD) {
    return { ok: false, message: `The cap can be at most ${capText(MAX_MONTHLY_CAP_JMD)}.` };
  }
  return { ok: true, value };
}
