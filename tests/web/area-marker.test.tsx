// A marker on the "Items Near You" map (spec 9): a circle whose radius is the count x 3 + 5,
// between 8 and 25 px, coloured #ec4d37 where the member may browse and grey where they may not.
import { act, fireEvent, render } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapSettings, timings } from '../../src/domain';
import { AreaMarker } from '../../src/web/features/listings/components/map/area-marker';
import type { MapArea } from '../../src/web/features/listings/components/map/map-areas';

function anArea(count: number, allowed = true): MapArea {
  return {
    key: 'postcode-3068',
    label: `Fitzroy North 3068: ${count} listings`,
    name: 'Fitzroy North 3068',
    position: [-37.78, 144.98],
    count,
    allowed,
    href: '/listings?postcode=3068',
  };
}

/** The marker's element, as Leaflet places it on the map. */
function renderMarker(area: MapArea): HTMLElement {
  const { container } = render(
    <MapContainer center={[-37.78, 144.98]} zoom={mapSettings.defaultZoom} style={{ width: 400, height: 300 }}>
      <AreaMarker area={area} onOpen={vi.fn()} />
    </MapContainer>,
  );
  const marker = container.querySelector<HTMLElement>('.area-marker');
  if (!marker) throw new Error('No marker on the map');
  return marker;
}

describe('a marker on the map', () => {
  it.each([
    [1, 16],
    [4, 34],
    [6, 46],
    [12, 50],
  ])('showing a count of %i, is %i px across', (count, diameter) => {
    const marker = renderMarker(anArea(count));
    expect(marker.style.width).toBe(`${diameter}px`);
    expect(marker.style.height).toBe(`${diameter}px`);
    expect(marker).toHaveTextContent(String(count));
  });

  it('is coloured #ec4d37 where the member may browse and grey where they may not', () => {
    const colourOf = (marker: HTMLElement) => marker.querySelector<HTMLElement>('.area-marker-dot')?.style.backgroundColor;
    const allowed = colourOf(renderMarker(anArea(3)));
    const greyed = colourOf(renderMarker(anArea(3, false)));
    // The grey is checked to be a grey in tests/unit/map-area.test.ts.
    expect([allowed, greyed]).toEqual(['#ec4d37', mapSettings.notAllowedColour]);
  });
});


describe("a marker's tooltip (spec 9: 700 ms, 300 ms between)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const tooltipText = () => document.querySelector('.leaflet-tooltip')?.textContent ?? null;

  it("says 'Upgrade to view this area' on a greyed area, once the pointer has rested 700 ms", () => {
    vi.useFakeTimers();
    const marker = renderMarker(anArea(3, false));
    fireEvent.mouseOver(marker);
    act(() => vi.advanceTimersByTime(timings.tooltipDelayMs - 1));
    expect(tooltipText()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(tooltipText()).toContain(mapSettings.notAllowedLabel);
  });

  it('opens nothing if the pointer leaves before the delay', () => {
    vi.useFakeTimers();
    const marker = renderMarker(anArea(3));
    fireEvent.mouseOver(marker);
    act(() => vi.advanceTimersByTime(timings.tooltipDelayMs / 2));
    fireEvent.mouseOut(marker);
    act(() => vi.advanceTimersByTime(timings.tooltipDelayMs));
    expect(tooltipText()).toBeNull();
  });
});
