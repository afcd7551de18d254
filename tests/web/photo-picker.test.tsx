// The Photos field of the listing form (spec 4, 5 and 9): which files it takes, how large, how many
// for the member's tier, and what it says while each photo is compressed in the browser.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/web/components/ui/toaster';
import { PhotoPicker } from '../../src/web/features/listings/components/photo-picker';
import { compressPhoto } from '../../src/web/features/listings/compress-photo';
import { usePhotoUploads } from '../../src/web/features/listings/hooks/use-photo-uploads';
import { uploadPhoto } from '../../src/web/features/listings/upload-photo';
import { toast } from '../../src/web/lib/use-toast';
import { renderPage } from './support/fixtures';

vi.mock('../../src/web/features/listings/compress-photo', () => ({ compressPhoto: vi.fn() }));
vi.mock('../../src/web/features/listings/upload-photo', () => ({ uploadPhoto: vi.fn() }));

const mb = 1024 * 1024;
const compress = vi.mocked(compressPhoto);
const upload = vi.mocked(uploadPhoto);

/** A file as the member's device hands it over, `bytes` long. */
function aFile(name: string, type: string, bytes: number): File {
  const file = new File(['photo'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function PhotoField({ tier, initialUrls }: { tier: string; initialUrls?: string[] }) {
  return <PhotoPicker uploads={usePhotoUploads({ tier, initialUrls })} />;
}

function renderPhotoField(tier: string, initialUrls: string[] = []) {
  const rendered = renderPage(
    <>
      <PhotoField tier={tier} initialUrls={initialUrls} />
      <Toaster />
    </>,
  );
  // Picking "All files" in the device's dialog gets past the input's accept list.
  const user = userEvent.setup({ applyAccept: false });
  const pick = (...files: File[]) => user.upload(screen.getByLabelText(/Add photos/), files);
  return { ...rendered, pick };
}

const chosenPhotos = () => within(screen.getByRole('list', { name: 'Chosen photos' })).queryAllByRole('listitem');
const uploaded = (count: number) => Array.from({ length: count }, (_, index) => `/media/listings/photo-${index}.jpg`);

beforeEach(() => {
  // The toast store outlives a render: a new toast takes the one slot, and closing it leaves nothing on screen.
  toast({}).dismiss();
  compress.mockReset();
  upload.mockReset();
  compress.mockImplementation(async (file) => file);
  upload.mockImplementation(async (_photo, fileName) => ({ url: `/media/listings/${fileName}`, thumbnailUrl: `/media/listings/thumb-${fileName}`, width: 1200, height: 900, bytes: 1000 }));
});

describe('the photos a member picks for a listing', () => {
  it('refuses a file that is not JPEG, PNG or WebP, and takes the three that are', async () => {
    const { pick } = renderPhotoField('connector');
    await pick(aFile('scan.gif', 'image/gif', 100_000));
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
    expect(compress).not.toHaveBeenCalled();

    await pick(aFile('a.jpg', 'image/jpeg', 100_000), aFile('b.png', 'image/png', 100_000), aFile('c.webp', 'image/webp', 100_000));
    await expect.poll(() => upload.mock.calls.map(([, fileName]) => fileName)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(chosenPhotos()).toHaveLength(3);
  });

  it('takes a file of up to twice the tier limit before compression and refuses a larger one, naming both sizes', async () => {
    const { pick } = renderPhotoField('explorer');
    await pick(aFile('large.jpg', 'image/jpeg', 6.5 * mb));
    expect(await screen.findByText('File size (6.5 MB) exceeds limit of 6 MB')).toBeInTheDocument();
    expect(compress).not.toHaveBeenCalled();

    await pick(aFile('just-fits.jpg', 'image/jpeg', 6 * mb));
    await expect.poll(() => compress.mock.calls.length).toBe(1);
    // Compressed to the Explorer limit of 3 MB, at most 1200 x 1200 (compress-photo.ts).
    expect(compress.mock.calls[0]?.[1].maxBytes).toBe(3 * mb);
  });

  it("refuses more photos than the tier allows, counting the ones already there, and names the tier's maximum", async () => {
    const { pick } = renderPhotoField('explorer', uploaded(3));
    await pick(aFile('d.jpg', 'image/jpeg', 100_000), aFile('e.jpg', 'image/jpeg', 100_000));
    expect(await screen.findByText('Too Many Images')).toBeInTheDocument();
    expect(screen.getByText('Explorer tier allows maximum 4 images. Upgrade for more!')).toBeInTheDocument();
    expect(chosenPhotos()).toHaveLength(3);
    expect(compress).not.toHaveBeenCalled();

    await pick(aFile('d.jpg', 'image/jpeg', 100_000));
    await expect.poll(() => upload.mock.calls.length).toBe(1);
    expect(chosenPhotos()).toHaveLength(4);
    expect(screen.getByLabelText(/Add photos/)).toBeDisabled();
  });

  it('treats an unknown tier as Starter: two photos', async () => {
    const { pick } = renderPhotoField('platinum', uploaded(2));
    expect(screen.getByLabelText(/Add photos/)).toBeDisabled();
    expect(screen.getByText(/Up to 2 photos on your Starter plan/)).toBeInTheDocument();
    await pick(aFile('c.jpg', 'image/jpeg', 100_000));
    expect(chosenPhotos()).toHaveLength(2);
  });

  it('drops a photo still over the tier limit after compression, and uploads one just within it', async () => {
    const { pick } = renderPhotoField('explorer');
    compress.mockImplementationOnce(async () => aFile('big.jpg', 'image/jpeg', 3 * mb + 1));
    await pick(aFile('big.jpg', 'image/jpeg', 5 * mb));
    expect(await screen.findByText('Image Still Too Large')).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
    expect(upload).not.toHaveBeenCalled();

    compress.mockImplementationOnce(async () => aFile('fits.jpg', 'image/jpeg', 3 * mb));
    await pick(aFile('fits.jpg', 'image/jpeg', 5 * mb));
    await expect.poll(() => upload.mock.calls.length).toBe(1);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('says when compression fails and drops the photo', async () => {
    const { pick } = renderPhotoField('explorer');
    compress.mockRejectedValueOnce(new Error('The image could not be decoded'));
    await pick(aFile('broken.jpg', 'image/jpeg', 100_000));
    expect(await screen.findByText('Compression Failed')).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the compression with a progress bar', async () => {
    const { pick } = renderPhotoField('explorer');
    let finish: (file: File) => void = () => {};
    compress.mockImplementationOnce((file, { onProgress }) => {
      onProgress(40);
      return new Promise<File>((resolve) => (finish = () => resolve(file)));
    });
    await pick(aFile('sofa.jpg', 'image/jpeg', 100_000));
    const progress = await screen.findByRole('progressbar', { name: 'Photo 1: Compressing…' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    await act(async () => finish(aFile('sofa.jpg', 'image/jpeg', 100_000)));
    expect(await screen.findByRole('progressbar', { name: 'Photo 1: Uploaded' })).toBeInTheDocument();
  });

  it('says how much compression saved only when it saved more than 10%', async () => {
    const { pick } = renderPhotoField('explorer');
    compress.mockImplementationOnce(async () => aFile('lamp.jpg', 'image/jpeg', 900_000));
    await pick(aFile('lamp.jpg', 'image/jpeg', 1_000_000));
    await expect.poll(() => upload.mock.calls.length).toBe(1);
    expect(screen.queryByText('Photo compressed')).toBeNull();

    compress.mockImplementationOnce(async () => aFile('desk.jpg', 'image/jpeg', 880_000));
    await pick(aFile('desk.jpg', 'image/jpeg', 1_000_000));
    expect(await screen.findByText('Photo compressed')).toBeInTheDocument();
    expect(screen.getByText('Saved 12% (1.0 MB → 0.8 MB)')).toBeInTheDocument();
  });
});

describe('compressing a photo in the browser', () => {
  it('shrinks it to at most 1200 x 1200 at JPEG quality 0.85, under the size it is given', async () => {
    const library = vi.fn(async (file: File) => file);
    vi.doMock('browser-image-compression', () => ({ default: library }));
    const { compressPhoto: compressInBrowser } = await vi.importActual<typeof import('../../src/web/features/listings/compress-photo')>(
      '../../src/web/features/listings/compress-photo',
    );
    const onProgress = vi.fn();
    await compressInBrowser(aFile('chair.jpg', 'image/jpeg', 4 * mb), { maxBytes: 3 * mb, onProgress });
    expect(library).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ maxWidthOrHeight: 1200, initialQuality: 0.85, maxSizeMB: 3, onProgress }));
    vi.doUnmock('browser-image-compression');
  });
});
