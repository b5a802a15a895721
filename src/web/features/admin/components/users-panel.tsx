import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useSignedInUser } from '../../auth/use-signed-in-user';
import { useAdminUsers, useSuspension } from '../api';

/** /admin "Users": search by name or e-mail; suspend or restore. */
export function UsersPanel() {
  const me = useSignedInUser();
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  const { data, isPending, isError } = useAdminUsers(term);
  const suspension = useSuspension();
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="text-2xl font-bold">
        Users
      </h2>
      <form
        aria-label="Search users"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setTerm(q.trim());
        }}
      >
        <FormField label="Search by name or email" className="min-w-0 flex-1">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </FormField>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" /> Search
        </Button>
      </form>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <Alert>Could not load users.</Alert>
      ) : data.users.length === 0 ? (
        <p className="text-muted-foreground">No users found.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{data.total} user(s)</p>
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {data.users.map((u) => {
              const name = `${u.firstName} ${u.lastName}`;
              return (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div>
                    <p className="font-semibold">
                      {name}{' '}
                      {u.suspendedAt ? (
                        <span className="ml-1 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-bold text-destructive">
                          {u.deletedAt ? 'Deleted by owner' : 'Suspended'}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {u.email} · {u.userType} · verification {u.verificationStatus}
                    </p>
                  </div>
                  {u.userType === 'admin' || u.id === me.id || u.deletedAt ? null : (
                    <Button
                      size="sm"
                      variant={u.suspendedAt ? 'outline' : 'destructive'}
                      disabled={suspension.isPending}
                      aria-label={`${u.suspendedAt ? 'Restore' : 'Suspend'} ${name}`}
                      onClick={() =>
                        suspension.mutate(
                          { userId: u.id, suspended: !u.suspendedAt },
                          {
                            onSuccess: () =>
                              toast({ title: u.suspendedAt ? `${name} restored` : `${name} suspended` }),
                            onError: (error) =>
                              toast({
                                variant: 'destructive',
                                title: 'Not changed',
                                description: errorMessage(error, 'Please try again.'),
                              }),
                          },
                        )
                      }
                    >
                      {u.suspendedAt ? 'Restore' : 'Suspend'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
