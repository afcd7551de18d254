// GET /robots.txt: everything open but the private addresses (domain/seo.ts), and where the sitemap is.
import { crawlerDisallowedPaths } from '../../domain/seo';
import type { Config } from '../config';
import { siteAddress } from './site-address';

export function renderRobotsText(config: Pick<Config, 'publicUrl'>): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...crawlerDisallowedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteAddress(config, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
