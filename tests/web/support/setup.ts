// Each web test starts from an empty page, storage and network. The files of a worker share their
// modules (vitest.config.ts), so what the app keeps for a page's life is put back as on a new page.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetTooltipClosed } from '../../../src/web/lib/tooltip-delay';
import { removeAllToasts } from '../../../src/web/lib/use-toast';

afterEach(() => {
  cleanup();
  removeAllToasts();
  forgetTooltipClosed();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
