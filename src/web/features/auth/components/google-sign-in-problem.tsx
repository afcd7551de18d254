import { CircleAlert } from 'lucide-react';

/** A Google sign-in that came back refused (/auth?googleError=…): why, in the product's words. */
export function GoogleSignInProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-800">
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
