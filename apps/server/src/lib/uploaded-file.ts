import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Whether a file a member attached really is the PDF, PNG or JPEG its first bytes say (issue 33 item 6):
 * file-type names the type from the signature, and here the file is parsed by a library that reads the
 * whole format — a signature followed by HTML, a header with no image, a file cut off half-way, all fail.
 * What staff open from the queue is then a document their viewer can open, not a page a browser would run.
 *
 * - PDF: Mozilla's pdf.js (the parser of Firefox's viewer) loads the document and its first page;
 *   password-protected files are refused too (staff could not open them).
 * - PNG: pngjs decodes every chunk, checking each one's CRC, and inflates the image data.
 * - JPEG: jpeg-js decodes the whole image.
 * Images are measured first (image-size reads only the header) and refused over
 * {@link MAX_IMAGE_MEGAPIXELS}, so a small file that claims a huge image never makes the decoder
 * allocate for it (a "decompression bomb").
 */

/** The largest image decoded: a 48-megapixel phone photo fits, a claimed 100,000 × 100,000 does not. */
export const MAX_IMAGE_MEGAPIXELS = 50;

export type AcceptedFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

export async function opensAs(type: AcceptedFileType, content: Buffer): Promise<boolean> {
  try {
    if (type === 'application/pdf') return await pdfOpens(content);
    const size = imageSize(content);
    if (!size.width || !size.height || size.width * size.height > MAX_IMAGE_MEGAPIXELS * 1_000_000)
      return false;
    if (type === 'image/png') {
      const image = PNG.sync.read(content, { checkCRC: true });
      return image.width === size.width && image.height === size.height;
    }
    const image = jpeg.decode(content, {
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
      tolerantDecoding: false,
      formatAsRGBA: false,
    });
    return image.width === size.width && image.height === size.height;
  } catch {
    return false;
  }
}

async function pdfOpens(content: Buffer): Promise<boolean> {
  // Loaded on the first PDF, not at start-up: the library is large and most requests carry no file.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    // A copy: pdf.js may take over (detach) the buffer it is given.
    data: new Uint8Array(content),
    isEvalSupported: false,
    stopAtErrors: true,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } finally {
    await task.destroy();
  }
}
