import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useServerRenderReport } from '@/lib/server-render';
import { usePageHead } from '@/lib/use-page-head';
import { PageContainer } from './page-container';
import { Card } from '@/components/ui/card';

type NoticePageProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The HTTP status a page rendered on the server answers with, when it is not 200 (404 for not found, 410 for removed). */
  status?: number;
  children?: ReactNode;
};

/** A single centred message: not found, access denied, coming soon. */
export function NoticePage({ icon: Icon, title, description, status, children }: NoticePageProps) {
  // A page that answers with an error status is kept out of search engines.
  usePageHead({ title, noindex: status !== undefined });
  const serverReport = useServerRenderReport();
  if (status !== undefined) serverReport?.setStatus(status);
  return (
    <PageContainer className="max-w-2xl">
      <Card className="p-8 text-center">
        <span className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-ink-900">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-3 text-ink-700">{description}</p>
        {children && <div className="mt-6">{children}</div>}
      </Card>
    </PageContainer>
  );
}
