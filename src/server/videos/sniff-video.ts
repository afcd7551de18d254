// Which video format a file really is, from its first bytes.
export type VideoFormat = { extension: 'mp4' | 'webm' | 'mov'; contentType: string };

/** How many of a file's first bytes sniffVideo reads. */
export const videoHeadBytes = 16;

export function sniffVideo(head: Buffer): VideoFormat | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { extension: 'webm', contentType: 'video/webm' };
  if (head.length < 12) return null;
  const box = head.toString('latin1', 4, 8);
  if (box === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    return brand === 'qt  ' ? { extension: 'mov', contentType: 'video/quicktime' } : { extension: 'mp4', contentType: 'video/mp4' };
  }
  // Older QuickTime files start straight with one of these atoms.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return { extension: 'mov', contentType: 'video/quicktime' };
  return null;
}
