import { CircleAlert, Download, FileArchive, LoaderCircle } from 'lucide-react';
import { formatDateAU } from '../../../../domain';
import { type DataExport, dataExportMessages, dataExportValidityDays } from '../../../../domain/your-data';
import { Button } from '@/components/ui/button';
import { useDataExports, useDownloadDataExport, useRequestDataExport } from '@/features/account/api';

/** What a copy holds, in one sentence. */
const dataExportContents =
  'Your copy holds your profile, your plan and payments, your listings with their photos, your conversations, ratings, favourites and saved searches, and the reports you have made.';

// Shown only in the browser (the list is not loaded on the server), so in the member's own time zone.
const nextRequestFormat = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });

/** "2.4 MB", or "340 KB" for a small one. */
function formatSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes < 1) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

function CopyRow({ copy }: { copy: DataExport }) {
  const download = useDownloadDataExport();
  if (copy.status === 'preparing') {
    return (
      <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
        <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-brand-700" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold">Preparing…</span>
          <span className="block text-sm text-ink-500">Asked for {formatDateAU(copy.requestedAt)}. We'll email you when it's ready.</span>
        </span>
      </li>
    );
  }
  if (copy.status === 'failed') {
    return (
      <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-brand-700">{dataExportMessages.failed}</span>
          <span className="block text-sm text-ink-500">Asked for {formatDateAU(copy.requestedAt)}</span>
        </span>
      </li>
    );
  }
  const readyOn = formatDateAU(copy.readyAt ?? copy.requestedAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex min-w-0 items-start gap-3">
        <FileArchive className="mt-0.5 size-5 shrink-0 text-leaf-700" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold">
            Your data, {readyOn}
            {copy.bytes !== null && <span className="font-normal text-ink-500"> · {formatSize(copy.bytes)}</span>}
          </span>
          {copy.expiresAt && <span className="block text-sm text-ink-500">Available until {formatDateAU(copy.expiresAt)}</span>}
        </span>
      </span>
      <Button variant="secondary" className="shrink-0" disabled={download.isPending} aria-label={`Download your copy from ${readyOn}`} onClick={() => download.mutate(copy)}>
        <Download aria-hidden="true" />
        {download.isPending ? 'Downloading…' : 'Download'}
      </Button>
    </li>
  );
}

/**
 * A copy of everything the account holds (decision 37): asked for once a day, made by a job (the
 * list is asked for again while one is being prepared), then downloaded here for a week.
 */
export function YourData() {
  const copies = useDataExports();
  const request = useRequestDataExport();
  const nextRequestAt = copies.data?.nextRequestAt ?? null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-700">
        {dataExportContents} It comes as a ZIP file you can download here for {dataExportValidityDays} days.
      </p>
      <div className="space-y-2">
        <Button disabled={request.isPending || copies.isPending || nextRequestAt !== null} onClick={() => request.mutate()}>
          <Download aria-hidden="true" />
          {request.isPending ? 'Asking…' : 'Download your data'}
        </Button>
        {nextRequestAt && <p className="text-sm text-ink-500">You can ask for a new copy once a day: the next from {nextRequestFormat.format(new Date(nextRequestAt))}.</p>}
      </div>
      {copies.isPending && <div role="status" aria-label="Loading your copies" className="h-12 animate-pulse rounded-xl bg-sand-100" />}
      {copies.isError && (
        <p role="alert" className="text-sm text-brand-700">
          We couldn't load your copies. Please refresh the page.
        </p>
      )}
      {copies.data && copies.data.exports.length > 0 && (
        <ul aria-label="Copies of your data" className="divide-y divide-sand-200 border-t border-sand-200 pt-3">
          {copies.data.exports.map((copy) => (
            <CopyRow key={copy.id} copy={copy} />
          ))}
        </ul>
      )}
    </div>
  );
}
