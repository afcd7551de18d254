import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come well into view (its top above the lowest quarter of the screen),
 * and from then on: a heavy part below the fold (the map) loads when the visitor gets to it.
 * Without IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '0px 0px -25% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
