import { useId, useState } from 'react';
import { CIRCLE_ROLES, type CircleRole } from '../../../../shared/contracts/circles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type CircleMember, useUpdateMember } from '../api';
import { CAP_HINT, parseCap } from '../cap';
import { ROLE_HELP, ROLE_LABEL } from '../roles';

/** A coordinator changes a member's roles (none: a viewer) and, for a payer, their monthly cap. */
export function RoleEditor({
  circleId,
  member,
  name,
  onDone,
}: {
  circleId: number;
  member: CircleMember;
  name: string;
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateMember(circleId);
  const [roles, setRoles] = useState<CircleRole[]>(member.roles);
  const [cap, setCap] = useState(member.monthlyCapJmd === null ? '' : String(member.monthlyCapJmd));
  const [capError, setCapError] = useState<string | null>(null);
  const isPayer = roles.includes('payer');

  const toggle = (role: CircleRole, on: boolean) =>
    setRoles((now) => CIRCLE_ROLES.filter((r) => (r === role ? on : now.includes(r))));

  const save = () => {
    const parsed = isPayer ? parseCap(cap) : ({ ok: true, value: null } as const);
    if (!parsed.ok) {
      setCapError(parsed.message);
      return;
    }
    setCapError(null);
    update.mutate(
      { userId: member.userId, roles, ...(isPayer ? { monthlyCapJmd: parsed.value } : {}) },
      {
        onSuccess: () => {
          toast({ title: `${name}’s roles saved` });
          onDone();
        },
      },
    );
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
              className="mt-1 size-5 shrink-0 accent-primary"
              checked={roles.includes(role)}
              onChange={(e) => toggle(role, e.currentTarget.checked)}
              aria-describedby={`${id}-${role}-help`}
            />
            <div>
              <label htmlFor={`${id}-${role}`} className="font-semibold">
                {ROLE_LABEL[role]}
              </label>
              <p id={`${id}-${role}-help`} className="text-sm text-muted-foreground">
                {ROLE_HELP[role]}
              </p>
            </div>
          </div>
        ))}
        <p className="text-sm text-muted-foreground">With neither, {name} is a viewer.</p>
      </fieldset>
      {isPayer ? (
        <FormField
          label={`Monthly cap of ${name}`}
          hint={CAP_HINT}
          error={capError ?? undefined}
          className="max-w-xs"
        >
          <Input inputMode="numeric" value={cap} onChange={(e) => setCap(e.currentTarget.value)} />
        </FormField>
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
