import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Reads a generated PDF the way a person would (docs/decisions/017): rendered to an image with
 * poppler's pdftoppm and read back with pdftotext (Debian's poppler-utils, installed by the test
 * scripts like Chromium).
 */
function poppler(tool: 'pdftotext' | 'pdftoppm' | 'pdfinfo', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        `${tool} is missing: run "apt-get install -y poppler-utils" (scripts/ensure-poppler.mjs does it for npm test)`,
        { cause: error },
      );
    throw error;
  }
}

/** The PDF's text (laid out, non-breaking spaces as spaces), pdfinfo's answer, the first page's PNG size and the raw bytes. */
export function readPdf(bytes: Buffer): { text: string; info: string; pngBytes: number; raw: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, bytes);
    const text = poppler('pdftotext', ['-layout', file, '-']);
    const info = poppler('pdfinfo', [file]);
    poppler('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = fs.readdirSync(dir).find((name) => name.endsWith('.png'));
    const pngBytes = png ? fs.statSync(path.join(dir, png)).size : 0;
    return { text: text.replace(/\u00a0/g, ' '), info, pngBytes, raw: bytes.toString('latin1') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
