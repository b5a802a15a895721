import { ArrowLeft, ShieldBan } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-messages';
import { type ConversationApi, type ConversationMessagesResponse, type Message, useBlock } from '../api';
import { REPORTABLE_MESSAGES, ReportDialog } from './report-dialog';

/**
 * The conversation's header: Back (phones), who it is with, and Block and Report for a conversation
 * between members (not with support, not in the admin console).
 */
export function ChatHeader({
  api,
  userId,
  head,
  messages,
  name,
  onBack,
  headingLevel,
}: {
  api: ConversationApi;
  userId: number;
  head: ConversationMessagesResponse;
  messages: Message[];
  name: string;
  onBack?: () => void;
  headingLevel: 'h1' | 'h2';
}) {
  const block = useBlock(userId);
  const other = head.user;
  const Heading = headingLevel;
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-border p-3">
      {onBack ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={onBack}
          aria-label="Back to conversations"
          className="lg:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
      ) : null}
      <UserAvatar user={other} />
      <div className="min-w-0 flex-1">
        <Heading className="truncate text-lg font-bold">{name}</Heading>
        <p className="text-xs text-muted-foreground">
          {other.isSupport ? 'Support team' : other.userType === 'caregiver' ? 'Caregiver' : 'Family'}
        </p>
      </div>
      {other.isSupport || api.base !== '/api/conversations' ? null : (
        <div className="flex shrink-0 items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={block.isPending}
            onClick={() =>
              block.mutate(!head.blockedByMe, {
                onSuccess: () => toast({ title: head.blockedByMe ? `${name} unblocked` : `${name} blocked` }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not changed',
                    description: errorMessage(error, 'Please try again.'),
                  }),
              })
            }
          >
            <ShieldBan aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{head.blockedByMe ? 'Unblock' : 'Block'}</span>
          </Button>
          <ReportDialog
            userId={userId}
            name={name}
            theirs={messages
              .filter((m) => m.senderId === userId)
              .slice(-REPORTABLE_MESSAGES)
              .reverse()}
          />
        </div>
      )}
    </header>
  );
}
