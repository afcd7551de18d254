import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block min-h-11 w-full min-w-0 rounded-xl border border-sand-200 bg-white px-4 py-2 text-base text-ink-900 shadow-xs transition-colors placeholder:text-ink-500/70 focus-visible:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-200 aria-invalid:border-brand-600 disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
