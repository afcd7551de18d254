// The caps on one server's open event streams (decision 27), counted without a server: a member's
// oldest is replaced past their cap, an address past its cap is refused, and the places come back.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { createOpenStreams } from '../../src/server/events/open-streams';

function streamOf(memberId: string, address: string) {
  const stream = { memberId, address, replaced: false, ended: false, replace: () => {}, end: () => {} };
  stream.replace = () => (stream.replaced = true);
  stream.end = () => (stream.ended = true);
  return stream;
}

describe('open event streams', () => {
  it('replaces a member’s oldest past their cap, whatever address it came from', () => {
    const streams = createOpenStreams({ perMember: 2, perAddress: 10 });
    const [home, phone, laptop] = [streamOf('ann', '198.51.100.1'), streamOf('ann', '203.0.113.9'), streamOf('ann', '198.51.100.1')];
    streams.admit(home);
    streams.admit(phone);
    streams.admit(laptop);
    expect([home.replaced, phone.replaced, laptop.replaced]).toEqual([true, false, false]);
    expect(streams.size).toBe(2);
  });

  it('refuses a new stream from a full address with EVENT_STREAM_LIMIT_REACHED, unless it takes the place of the member’s own oldest there', () => {
    const streams = createOpenStreams({ perMember: 2, perAddress: 3 });
    const address = '198.51.100.1';
    const [ann1, ann2, ben1] = [streamOf('ann', address), streamOf('ann', address), streamOf('ben', address)];
    for (const stream of [ann1, ann2, ben1]) streams.admit(stream);
    // Ben is below his own cap: a new stream would be a fourth here.
    expect(() => streams.admit(streamOf('ben', address))).toThrow(expect.objectContaining({ code: 'EVENT_STREAM_LIMIT_REACHED', status: 429 }));
    expect(() => streams.admit(streamOf('ben', address))).toThrow(AppError);
    expect(ben1.replaced).toBe(false);
    // Ann is at hers: her new one replaces her oldest, and the address still holds three.
    streams.admit(streamOf('ann', address));
    expect(ann1.replaced).toBe(true);
    expect(streams.size).toBe(3);
    // Another address is not this one's business.
    streams.admit(streamOf('cat', '203.0.113.9'));
    expect(streams.size).toBe(4);
  });

  it('gives a place back when a stream closes, once, and ends them all when the server closes', () => {
    const streams = createOpenStreams({ perMember: 5, perAddress: 1 });
    const first = streamOf('ann', '198.51.100.1');
    const release = streams.admit(first);
    expect(() => streams.admit(streamOf('ben', '198.51.100.1'))).toThrow(AppError);
    release();
    release();
    expect(streams.size).toBe(0);
    const second = streamOf('ben', '198.51.100.1');
    streams.admit(second);
    const third = streamOf('ann', '203.0.113.9');
    streams.admit(third);
    streams.endAll();
    expect([first.ended, second.ended, third.ended]).toEqual([false, true, true]);
  });
});
