import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { useMyCircles } from '../features/circles/api';
import { CircleList, CirclesIntro } from '../features/circles/components/circle-list';
import { CreateCircleForm } from '../features/circles/components/create-circle-form';
import { useNavigate } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /circles (family accounts): my care circles, what a circle is, and the form to create one. */
export default function CirclesPage() {
  useDocumentTitle('Care circles');
  const navigate = useNavigate();
  const circles = useMyCircles();
  const list = circles.data?.circles ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Care circles</h1>
        <p className="text-lg text-muted-foreground">
          Arrange care for a relative together with the rest of the family, wherever each of you lives.
        </p>
      </div>

      <section aria-labelledby="my-circles" className="space-y-4">
        <h2 id="my-circles" className="text-2xl font-bold">
          My circles
        </h2>
        {circles.isPending ? (
          <Spinner label="Loading your circles" />
        ) : circles.isError ? (
          <div className="space-y-3">
            <Alert>Your circles could not be loaded.</Alert>
            <Button variant="outline" onClick={() => void circles.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length ? (
          <CircleList circles={list} />
        ) : (
          <p className="text-muted-foreground">
            You are not in a care circle yet. Create one below, or open the link in an invitation someone sent
            you.
          </p>
        )}
      </section>

      {circles.isSuccess && !list.length ? <CirclesIntro /> : null}

      <section
        aria-labelledby="create-circle"
        className="space-y-4 rounded-2xl border border-border bg-surface p-5 sm:p-8"
      >
        <h2 id="create-circle" className="text-2xl font-bold">
          Create a circle
        </h2>
        <CreateCircleForm
          onCreated={(circle) => {
            toast({
              title: 'Circle created',
              description: `You coordinate and pay for “${circle.name}” until relatives accept your invitations.`,
            });
            navigate(`/circles/${circle.id}`);
          }}
        />
      </section>
    </div>
  );
}
