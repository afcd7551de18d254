// The two uploads (a listing's photo, a homepage video) go by XMLHttpRequest for their progress:
// to the endpoint map's address, with the stored token, answering the parsed body or the API's error.
import { describe, expect, it, vi } from 'vitest';
import { apiEndpoints } from '../../src/domain';
import { uploadVideo } from '../../src/web/features/admin/upload-video';
import { uploadPhoto } from '../../src/web/features/listings/upload-photo';
import { ApiError } from '../../src/web/lib/api-client';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** A stand-in XMLHttpRequest: records what was opened and sent; the test answers with `respond`. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private listeners: Record<string, (() => void)[]> = {};
  private progressListeners: Listener[] = [];
  upload = { addEventListener: (_type: 'progress', listener: Listener) => this.progressListeners.push(listener) };

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    for (const listener of this.listeners.abort ?? []) listener();
  }
  progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: string, statusText = '') {
    Object.assign(this, { status, statusText, responseText: body });
    for (const listener of this.listeners.load ?? []) listener();
  }
}

function stubRequests(): () => FakeRequest {
  FakeRequest.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return () => {
    if (!FakeRequest.last) throw new Error('No request was made');
    return FakeRequest.last;
  };
}

const stored = { url: '/uploads/a.webp', thumbnailUrl: '/uploads/a-thumb.webp', width: 800, height: 600, bytes: 51_200 };

describe('uploads with progress', () => {
  it("sends a photo to the endpoint's address with the token, reports progress and answers the stored photo", async () => {
    const request = stubRequests();
    window.localStorage.setItem('authToken', 'test-token');
    const onProgress = vi.fn();

    const uploading = uploadPhoto(new Blob(['photo']), 'bike.jpg', { onProgress });
    expect(request()).toMatchObject({ method: apiEndpoints.uploadImage.method, url: apiEndpoints.uploadImage.path, withCredentials: true, headers: { Authorization: 'Bearer test-token' } });
    expect((request().body as FormData).get('image')).toBeInstanceOf(Blob);
    request().progress(50, 100);
    request().respond(201, JSON.stringify(stored));

    await expect(uploading).resolves.toEqual(stored);
    expect(onProgress.mock.calls).toEqual([[0.5], [1]]);
  });

  it("refuses with the API's error, message and code", async () => {
    const request = stubRequests();
    const uploading = uploadPhoto(new Blob(['photo']), 'bike.jpg', { onProgress: () => {} });
    request().respond(413, JSON.stringify({ message: 'That photo is too large.', code: 'PAYLOAD_TOO_LARGE' }), 'Payload Too Large');

    const error = await uploading.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'That photo is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('cancels when its signal aborts', async () => {
    const request = stubRequests();
    const controller = new AbortController();
    const uploading = uploadPhoto(new Blob(['photo']), 'bike.jpg', { onProgress: () => {}, signal: controller.signal });
    controller.abort();

    await expect(uploading).rejects.toMatchObject({ name: 'AbortError' });
    expect(request().aborted).toBe(true);
  });

  it('sends a video with its name first, to the homepage videos address', async () => {
    const request = stubRequests();
    const video = { id: 'video-1', displayName: 'Summer market' };
    const uploading = uploadVideo({ file: new File(['video'], 'market.mp4', { type: 'video/mp4' }), displayName: '  Summer market ' });
    expect(request()).toMatchObject({ method: 'POST', url: apiEndpoints.uploadHomepageVideo.path });
    expect([...(request().body as FormData).keys()]).toEqual(['displayName', 'video']);
    expect((request().body as FormData).get('displayName')).toBe('Summer market');
    request().respond(201, JSON.stringify(video));

    await expect(uploading).resolves.toEqual(video);
  });
});
