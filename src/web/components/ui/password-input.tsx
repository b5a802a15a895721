import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** A password box with a show/hide toggle button (aria-pressed tells whether the text shows). */
export function PasswordInput({
  toggleLabel = 'Show password',
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { toggleLabel?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className={cn(
          'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground',
          'hover:text-foreground focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-ring',
        )}
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-5" />
        ) : (
          <Eye aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
