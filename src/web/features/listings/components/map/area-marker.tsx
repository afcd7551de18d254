import { type LeafletKeyboardEvent, type Marker as LeafletMarker, divIcon } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Marker, Popup, Tooltip } from 'react-leaflet';
import { mapSettings, markerRadius } from '../../../../../domain';
import { noteTooltipClosed, tooltipDelayNow } from '@/lib/tooltip-delay';
import type { MapArea } from './map-areas';

/**
 * One area on the map: a circle sized by its count (spec 9) drawn as a divIcon marker, because a
 * marker's element can take keyboard focus (role="button", tabindex 0) where an SVG circle cannot.
 * Allowed areas open the filtered browse page; greyed ones only say 'Upgrade to view this area'.
 */
export function AreaMarker({ area, onOpen }: { area: MapArea; onOpen: (href: string) => void }) {
  const markerRef = useRef<LeafletMarker>(null);
  const radius = markerRadius(area.count);
  const icon = useMemo(() => {
    const colour = area.allowed ? mapSettings.allowedColour : mapSettings.notAllowedColour;
    const textClass = area.allowed ? 'text-white' : 'text-ink-900';
    // A state's greyed rest sits just below and right of its coloured part, touching it at every
    // zoom; that way points at the sea or open country from every capital, not at a neighbour's marker.
    const shift = area.besideRadius ? ((area.besideRadius + radius + 2) * Math.SQRT2) / 2 : 0;
    return divIcon({
      className: 'area-marker',
      iconSize: [radius * 2, radius * 2],
      iconAnchor: [radius - shift, radius - shift],
      popupAnchor: [shift, shift - radius],
      tooltipAnchor: [shift, shift - radius],
      html: `<span aria-hidden="true" class="area-marker-dot ${textClass}" style="background-color:${colour}">${area.count}</span>`,
    });
  }, [area.allowed, area.besideRadius, area.count, radius]);

  // Leaflet gives the icon role="button" and tabindex 0; the name is ours.
  useEffect(() => {
    markerRef.current?.getElement()?.setAttribute('aria-label', area.label);
  }, [area.label, icon]);

  // Leaflet opens a marker's tooltip the moment the pointer or focus arrives; spec 9's delays hold it
  // back (700 ms, or none just after another closed): the early opening is closed again and
  // repeated when the wait is over, unless the pointer or focus has left by then.
  const tooltipTimer = useRef<number | undefined>(undefined);
  const tooltipOnTime = useRef(false);
  const tooltipShowing = useRef(false);
  const cancelTooltip = () => window.clearTimeout(tooltipTimer.current);
  useEffect(() => {
    const element = markerRef.current?.getElement();
    element?.addEventListener('blur', cancelTooltip);
    return () => {
      element?.removeEventListener('blur', cancelTooltip);
      cancelTooltip();
    };
  }, [icon]);

  const activate = () => {
    if (area.allowed) onOpen(area.href);
    else markerRef.current?.openPopup();
  };

  const eventHandlers = {
    // A click on a greyed area opens its popup (Leaflet's own handler) and goes nowhere.
    click: () => {
      if (area.allowed) onOpen(area.href);
    },
    keydown: (event: LeafletKeyboardEvent) => {
      const key = event.originalEvent.key;
      if (key !== 'Enter' && key !== ' ') return;
      // Also stops the page scrolling on Space and Leaflet's own Enter handling.
      event.originalEvent.preventDefault();
      activate();
    },
    // The popup says what the tooltip says; one bubble at a time.
    popupopen: () => {
      cancelTooltip();
      markerRef.current?.closeTooltip();
    },
    tooltipopen: () => {
      const delay = tooltipOnTime.current ? 0 : tooltipDelayNow();
      tooltipOnTime.current = false;
      if (delay === 0) {
        tooltipShowing.current = true;
        return;
      }
      markerRef.current?.closeTooltip();
      cancelTooltip();
      tooltipTimer.current = window.setTimeout(() => {
        tooltipOnTime.current = true;
        markerRef.current?.openTooltip();
      }, delay);
    },
    tooltipclose: () => {
      if (tooltipShowing.current) noteTooltipClosed();
      tooltipShowing.current = false;
    },
    mouseout: cancelTooltip,
  };

  return (
    <Marker ref={markerRef} position={area.position} icon={icon} keyboard riseOnHover eventHandlers={eventHandlers}>
      <Tooltip direction="top">
        <span className="font-semibold">{area.name}</span>
        <br />
        {area.count} {area.count === 1 ? 'listing' : 'listings'}
        {!area.allowed && (
          <>
            <br />
            {mapSettings.notAllowedLabel}
          </>
        )}
      </Tooltip>
      {!area.allowed && <Popup maxWidth={mapSettings.popupMaxWidth}>{mapSettings.notAllowedLabel}</Popup>}
    </Marker>
  );
}
