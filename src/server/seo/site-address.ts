// Absolute addresses for what search engines read: robots.txt, the sitemap and every URL in it
// name the site by PUBLIC_URL, never by the Host header a request happened to carry.
import type { Config } from '../config';

export function siteAddress(config: Pick<Config, 'publicUrl'>, path: string): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${path}`;
}
