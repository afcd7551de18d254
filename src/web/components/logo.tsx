import { House } from 'lucide-react';
import { productName } from '../../domain';

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink-900">
      <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-500 text-white shadow-sm">
        <House className="size-5" aria-hidden="true" strokeWidth={2.5} />
      </span>
      {productName}
    </span>
  );
}
