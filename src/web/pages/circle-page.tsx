import { ArrowLeft } from 'lucide-react';
import { PageLoadFailed, PageMessage } from '../components/page-message';
import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useCircle } from '../features/circles/api';
import { CircleStatement } from '../features/circles/components/circle-statement';
import { InviteForm } from '../features/circles/components/invite-form';
import { LeaveCircle } from '../features/circles/components/leave-circle';
import { MemberList } from '../features/circles/components/member-list';
import { MyCapForm } from '../features/circles/components/my-cap-form';
import { OpenInvitations } from '../features/circles/components/open-invitations';
import { RecipientCard } from '../features/circles/components/recipient-card';
import { recipientLine, rolesText } from '../features/circles/roles';
import { isApiError } from '../lib/api';
import { Link, useNavigate, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const BACK = (
  <Link to="/circles" className="inline-flex items-center gap-1 font-semibold text-primary-deep underline">
    <ArrowLeft aria-hidden="true" className="size-4" />
    All care circles
  </Link>
);

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /circles/:id: the recipient, the members and what the signed-in member's roles let them do. */
export default function CirclePage() {
  const params = useParams();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const user = useSignedInUser();
  const navigate = useNavigate();
  const query = useCircle(id);
  useDocumentTitle(query.data?.name ?? 'Care circle');

  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (query.isError && isApiError(query.error) && query.error.status === 404)
  ) {
    return (
      <PageMessage title="Circle not found">
        <p className="text-lg text-muted-foreground">
          There is no care circle here that you are a member of. If you were removed or left, a coordinator
          can invite you again.
        </p>
        {BACK}
      </PageMessage>
    );
  }
  if (query.isError) {
    return (
      <PageLoadFailed
        title="Care circle"
        message="The circle could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending) return <Spinner label="Loading the circle" />;

  const circle = query.data;
  const coordinating = circle.myRoles.includes('coordinator');
  const paying = circle.myRoles.includes('payer');
  const mine = circle.members.find((m) => m.userId === user.id);
  const r = circle.recipient;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <div className="space-y-2">
        {BACK}
        <h1 className="text-3xl font-extrabold tracking-tight break-words">{circle.name}</h1>
        <p className="text-lg text-muted-foreground">
          Care for {recipientLine(r.firstName, r.town, r.parish)}
        </p>
        <p>
          Your role: <span className="font-semibold">{rolesText(circle.myRoles)}</span>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <MemberList circle={circle} me={user.id} />
          {coordinating ? (
            <>
              <Panel id="invite" title="Invite a relative">
                <InviteForm circleId={circle.id} />
              </Panel>
              <Panel id="open-invitations" title="Open invitations">
                <OpenInvitations circleId={circle.id} />
              </Panel>
            </>
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <RecipientCard circle={circle} />
          {paying && mine ? (
            <Panel id="my-cap" title="My monthly cap">
              <MyCapForm circleId={circle.id} me={user.id} cap={mine.monthlyCapJmd} />
            </Panel>
          ) : null}
          <Panel id="leave" title="Leave the circle">
            <p className="text-sm text-muted-foreground">
              A circle always keeps at least one coordinator and one payer: if you are the last one, give your
              role to another member first.
            </p>
            <LeaveCircle
              circleId={circle.id}
              circleName={circle.name}
              me={user.id}
              onLeft={() => navigate('/circles', { replace: true })}
            />
          </Panel>
        </div>
      </div>
      {coordinating || paying ? (
        <Panel id="statement" title="Monthly statement">
          <CircleStatement circleId={circle.id} createdAt={circle.createdAt} />
        </Panel>
      ) : null}
    </div>
  );
}
