import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { type CircleMember, type CircleView, useRemoveMember } from '../api';
import { capText, rolesText } from '../roles';
import { ConfirmDialog } from './confirm-dialog';
import { editableRoles, RoleEditor } from './role-editor';

const memberName = (m: CircleMember) => (m.lastInitial ? `${m.firstName} ${m.lastInitial}` : m.firstName);

function RemoveMember({ circleId, member, name }: { circleId: number; member: CircleMember; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember(circleId);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
      trigger="Remove"
      triggerLabel={`Remove ${name}`}
      title={`Remove ${name} from the circle?`}
      description={`${name} stops seeing the circle. You can invite them again later.`}
      confirmLabel="Remove"
      pendingLabel="Removing…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'The member was not removed.') : null}
      onConfirm={() =>
        remove.mutate(
          { userId: member.userId, leaving: false },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: `${name} was removed from the circle` });
            },
          },
        )
      }
    />
  );
}

function MemberRow({ circle, member, me }: { circle: CircleView; member: CircleMember; me: number }) {
  const [editing, setEditing] = useState(false);
  const name = memberName(member);
  const isMe = member.userId === me;
  const coordinating = circle.myRoles.includes('coordinator');
  // A payer who is no coordinator may still make another member a payer (ADR 0039); nothing else.
  const editable = editableRoles(circle.myRoles, member);
  const mayEdit = coordinating || (!isMe && editable.payer);
  const seesCaps = circle.myRoles.length > 0;
  return (
    <li className="rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {name}
            {isMe ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
          </p>
          <p>{rolesText(member.roles)}</p>
          {member.provisionalRoles.length ? (
            <p className="text-sm text-muted-foreground">
              Provisional: {rolesText(member.provisionalRoles).toLowerCase()}, until someone accepts an
              invitation for {member.provisionalRoles.length > 1 ? 'these roles' : 'this role'}.
            </p>
          ) : null}
          {seesCaps && member.roles.includes('payer') ? (
            <p className="text-sm">
              {member.monthlyCapJmd === null
                ? 'No monthly cap'
                : `Monthly cap: ${capText(member.monthlyCapJmd)}`}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">Joined {formatDate(member.joinedAt)}</p>
        </div>
        {mayEdit && !editing ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Change roles of ${name}`}
              onClick={() => setEditing(true)}
            >
              Change roles
            </Button>
            {isMe || !coordinating ? null : <RemoveMember circleId={circle.id} member={member} name={name} />}
          </div>
        ) : null}
      </div>
      {editing ? (
        <RoleEditor
          circleId={circle.id}
          member={member}
          name={name}
          myRoles={circle.myRoles}
          onDone={() => setEditing(false)}
        />
      ) : null}
    </li>
  );
}

/** The circle's members with their roles (and caps, for payers and coordinators to see). */
export function MemberList({ circle, me }: { circle: CircleView; me: number }) {
  const provisional = circle.members.some((m) => m.provisionalRoles.length > 0);
  return (
    <section aria-labelledby="members" className="space-y-3">
      <h2 id="members" className="text-xl font-bold">
        Members
      </h2>
      {provisional ? (
        <p className="text-sm text-muted-foreground">
          The person who created the circle holds the coordinator and payer roles provisionally: when a
          relative accepts an invitation for one of them, that role passes to the relative.
        </p>
      ) : null}
      <ul className="space-y-3">
        {circle.members.map((m) => (
          <MemberRow key={m.userId} circle={circle} member={m} me={me} />
        ))}
      </ul>
    </section>
  );
}
