import { mapSettings } from '../../../../../domain';

/** The key to the markers' colours (spec 4 and 9). */
export function MapLegend() {
  const items = [
    { colour: mapSettings.allowedColour, text: 'Areas you can browse' },
    { colour: mapSettings.notAllowedColour, text: mapSettings.notAllowedLabel },
  ];
  return (
    <ul aria-label="Map key" className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-700">
      {items.map((item) => (
        <li key={item.text} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3.5 shrink-0 rounded-full border-2 border-white shadow" style={{ backgroundColor: item.colour }} />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
