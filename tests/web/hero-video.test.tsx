// The landing page's hero video as the server renders it: the server cannot know that a visitor
// asked for reduced motion, so its markup must not ask the browser to play (the browser would start
// the video before the app runs and reads the preference).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { activeHomepageVideoQueryKey } from '../../src/web/features/landing/api';
import { HeroVideo } from '../../src/web/features/landing/components/hero-video';

describe('the hero video rendered on the server', () => {
  it('names its video without autoplaying it or loading more than its first frame', () => {
    const client = new QueryClient();
    client.setQueryData(activeHomepageVideoQueryKey, { id: 'video-1', url: '/media/videos/spring.webm' });
    const html = renderToString(
      <QueryClientProvider client={client}>
        <HeroVideo />
      </QueryClientProvider>,
    );
    expect(html).toContain('src="/media/videos/spring.webm"');
    expect(html).not.toMatch(/autoplay/i);
    expect(html).toContain('preload="metadata"');
  });
});
