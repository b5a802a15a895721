const STATUS_STYLES: Record<string, string> = {
  confirmed: 'bg-primary-soft text-primary-deep',
  pending: 'bg-accent-soft text-accent-foreground',
  completed: 'bg-muted text-foreground',
};

/** A booking's status as a coloured tag (both dashboards). */
export function StatusTag({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[status] ?? 'bg-muted text-muted-foreground'}`}
    >
      {status}
    </span>
  );
}
