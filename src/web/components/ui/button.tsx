import { type VariantProps, cva } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
        secondary: 'border border-sand-200 bg-white text-ink-900 shadow-sm hover:border-brand-300 hover:bg-brand-50',
        ghost: 'text-ink-700 hover:bg-sand-100 hover:text-ink-900',
        link: 'min-h-0 rounded-md px-0 text-brand-700 underline-offset-4 hover:underline',
        leaf: 'bg-leaf-600 text-white shadow-sm hover:bg-leaf-700',
        /** What cannot be undone (closing an account), in the colour of a failure's toast. */
        destructive: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
      },
      size: {
        default: '',
        lg: 'min-h-12 px-7 text-base',
        icon: 'size-11 px-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/** A button. A link that looks like one takes `buttonVariants()` as its class instead. */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} type={type ?? 'button'} {...props} />;
}
