import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from '../../../components/ui/button';

/**
 * Opens the conversation with a user (/chat/{userId}): for a booking card, a profile, anywhere a family
 * and a caregiver meet. `name` makes the link's purpose clear to screen readers when several are listed.
 */
export function MessageLink({
  userId,
  name,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  userId: number;
  name?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Link
      to={`/chat/${userId}`}
      className={buttonClasses({ variant, size, className })}
      aria-label={name ? `Message ${name}` : undefined}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      Message
    </Link>
  );
}
