/**
 * Lines of printed text (the receipt's raster, the PDFs), wrapped greedily at spaces. A word wider than the
 * line, a link, is cut after its last '/' that fits, else where it has to be but never just after a hyphen:
 * a line ending in "tra-" reads as a word broken by hyphenation, and a buyer typing the address from the
 * paper (or pdftotext) drops that hyphen (docs/printing.md "Links").
 */
export function wrapText(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current) && current.length > 1) {
      const cut = cutAt(current, fits);
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

/** Where to cut a word too wide for the line: after the last '/' that fits, else the longest fit not ending in '-'. */
function cutAt(word: string, fits: (line: string) => boolean): number {
  let longest = word.length - 1;
  while (longest > 1 && !fits(word.slice(0, longest))) longest--;
  const slash = word.lastIndexOf('/', longest - 1) + 1;
  // A cut inside "https://" would leave "https:/" alone on a line: the address's own slashes come later.
  if (slash > word.indexOf('://') + 3 && slash > 1) return slash;
  let cut = longest;
  while (cut > 1 && word[cut - 1] === '-') cut--;
  return cut;
}
