import { useId, useState } from 'react';
import { CIRCLE_ROLES, type CircleRole } from '../../../../shared/contracts/circles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type CircleMember, useUpdateMember } from '../api';
import { ROLE_HELP, ROLE_LABEL } from '../roles';

/**
 * What `myRoles` may change on a member (ADR 0039, the server's own rule): coordinators give and take the
 * coordinator role and take payer away; only a payer gives payer; nobody edits another payer's cap.
 */
export function editableRoles(myRoles: readonly CircleRole[], member: Pick<CircleMember, 'roles'>) {
  const coordinating = myRoles.includes('coordinator');
  return {
    coordinator: coordinating,
    payer: member.roles.includes('payer') ? coordinating : myRoles.includes('payer'),
  } satisfies Record<CircleRole, boolean>;
}

export const PAYER_GRANT_HELP =
  'Only a payer can make someone a payer. Invite them as a payer instead: the role is theirs once they accept.';

/**
 * A coordinator changes a member's roles (none: a viewer); a payer may make a member a payer. A payer's
 * monthly cap is theirs alone to change (on their own circle page), so it is shown here, not edited.
 */
export function RoleEditor({
  circleId,
  member,
  name,
  myRoles,
  onDone,
}: {
  circleId: number;
  member: CircleMember;
  name: string;
  myRoles: readonly CircleRole[];
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateMember(circleId);
  const [roles, setRoles] = useState<CircleRole[]>(member.roles);
  const editable = editableRoles(myRoles, member);
  const wasPayer = member.roles.includes('payer');

  const toggle = (role: CircleRole, on: boolean) =>
    setRoles((now) => CIRCLE_ROLES.filter((r) => (r === role ? on : now.includes(r))));

  const save = () => {
    update.mutate(
      { userId: member.userId, roles },
      {
        onSuccess: () => {
          toast({ title: `${name}’s roles saved` });
          onDone();
        },
      },
    );
  };

  const note = (role: CircleRole) => {
    if (editable[role]) return null;
    if (role === 'payer' && !wasPayer) return PAYER_GRANT_HELP;
    if (role === 'payer') return 'Only a coordinator can take the payer role away.';
    return 'Only a coordinator can change the coordinator role.';
  };

  return (
    <div className="mt-3 space-y-4 rounded-xl border border-border-strong bg-muted/40 p-4">
      <fieldset className="space-y-2">
        <legend className="font-semibold">Roles of {name}</legend>
        {CIRCLE_ROLES.map((role) => (
          <div key={role} className="flex items-start gap-3">
            <input
              id={`${id}-${role}`}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary disabled:opacity-50"
              checked={roles.includes(role)}
              disabled={!editable[role]}
              onChange={(e) => toggle(role, e.currentTarget.checked)}
              aria-describedby={`${id}-${role}-help`}
            />
            <div>
              <label htmlFor={`${id}-${role}`} className="font-semibold">
                {ROLE_LABEL[role]}
              </label>
              <p id={`${id}-${role}-help`} className="text-sm text-muted-foreground">
                {ROLE_HELP[role]}
                {note(role) ? <span className="block font-medium text-foreground">{note(role)}</span> : null}
              </p>
            </div>
          </div>
        ))}
        <p className="text-sm text-muted-foreground">With neither, {name} is a viewer.</p>
      </fieldset>
      {roles.includes('payer') ? (
        <p className="text-sm text-muted-foreground">
          {wasPayer
            ? `Only ${name} can change their own monthly cap.`
            : `${name} starts with no monthly cap, and sets one on their own circle page. Their card is charged only for visits they book or approve, or within a cap they set.`}
        </p>
      ) : null}
      {update.isError ? <Alert>{errorMessage(update.error, 'The roles were not saved.')}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={save} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save roles'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
