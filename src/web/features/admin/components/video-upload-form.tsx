import { Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { maxVideoNameLength } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useUploadVideo } from '@/features/admin/api';
import { acceptedVideoTypes, checkVideoUpload, maxVideoMegabytes } from '@/features/admin/upload-video';

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-ink-500" aria-live="polite">
        {percent < 100 ? `Uploading… ${percent}%` : 'Checking the video…'}
      </p>
    </div>
  );
}

/** spec 5: a display name and an MP4, WebM or MOV file under 50 MB; it becomes the homepage video. */
export function VideoUploadForm() {
  const upload = useUploadVideo();
  const [displayName, setDisplayName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkVideoUpload(file, displayName);
    if (problem || !file) {
      if (problem) toast({ ...problem, variant: 'destructive' });
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, displayName, onProgress: setProgress },
      {
        onSuccess: () => {
          setDisplayName('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Display name">
        <Input autoComplete="off" maxLength={maxVideoNameLength} value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
      </FormField>
      <FormField label="Video file" hint={`MP4, WebM or MOV, under ${maxVideoMegabytes} MB.`}>
        <Input
          ref={fileInput}
          type="file"
          accept={acceptedVideoTypes}
          className="py-2.5 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-700"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </FormField>
      {upload.isPending && <UploadProgress fraction={progress} />}
      <Button type="submit" className="w-full sm:w-auto" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? 'Uploading…' : 'Upload Video'}
      </Button>
    </form>
  );
}
