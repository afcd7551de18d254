// Where the page stands: the first page keeps the place a visitor scrolled to while the app was
// starting (a server-rendered page is readable and scrollable before then); each later page starts
// at the top.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppShell } from '../../src/web/app/layout/app-shell';
import { renderPage } from './support/fixtures';

afterEach(() => vi.restoreAllMocks());

describe('scrolling between pages', () => {
  it('leaves the first page where the visitor scrolled, and starts every later page at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const location = memoryLocation({ path: '/how-it-works', record: true });
    renderPage(
      <Router hook={location.hook}>
        <AppShell user={null}>
          <p>Page</p>
        </AppShell>
      </Router>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => location.navigate('/listings'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    // Back on the first page's address, it is a new page: the top again.
    act(() => location.navigate('/how-it-works'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
