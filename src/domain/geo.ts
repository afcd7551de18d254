// Distances on the earth's surface, for search areas and "nearest first".
export const earthRadiusKm = 6371;
const kmPerDegreeLatitude = 111.045;

export type Point = { latitude: number; longitude: number };

export function distanceKm(a: Point, b: Point): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as members are shown it: to a tenth of a kilometre. */
export function shownDistanceKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** A latitude/longitude box that contains every point within radiusKm of the centre. */
export function boundingBox(centre: Point, radiusKm: number) {
  const latitudeDelta = radiusKm / kmPerDegreeLatitude;
  const longitudeDelta = radiusKm / (kmPerDegreeLatitude * Math.max(0.01, Math.cos((centre.latitude * Math.PI) / 180)));
  return {
    minLatitude: centre.latitude - latitudeDelta,
    maxLatitude: centre.latitude + latitudeDelta,
    minLongitude: centre.longitude - longitudeDelta,
    maxLongitude: centre.longitude + longitudeDelta,
  };
}
