// The text of sitemap files (https://www.sitemaps.org/protocol.html), written by hand: a file is a
// head, one short element per URL and a tail, which streams with no library in between.

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const urlsetHead = `${xmlDeclaration}<urlset xmlns="${sitemapNamespace}">\n`;
export const urlsetTail = '</urlset>\n';

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or an attribute (the protocol asks for all five entities in URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character]);
}

/** One <url>: its address and, when known, when it last changed (W3C datetime). */
export function urlElement(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>\n`;
}

/** The index: one <sitemap> per file. */
export function sitemapIndexText(fileUrls: readonly string[]): string {
  const entries = fileUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>\n`).join('');
  return `${xmlDeclaration}<sitemapindex xmlns="${sitemapNamespace}">\n${entries}</sitemapindex>\n`;
}
