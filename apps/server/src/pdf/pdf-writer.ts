import PDFDocument from 'pdfkit';
import type { Branding } from './branding';

/**
 * A small writer of tagged PDFs (docs/decisions/017) over pdfkit: every printed document of the portal
 * (invoices, notices, tax forms, payment receipts) is a list of headings, paragraphs, label/value
 * facts and tables, in one language, under the issuer's letterhead. The output is tagged (PDF/UA
 * structure: Document → H1/H2/P/Table/TR/TH/TD, the logo a Figure with alternative text, the letterhead
 * and page numbers artifacts), names its language and shows its title, so a screen reader can read it.
 */

export type PdfLanguage = 'en' | 'es' | 'pt';

export interface PdfOptions {
  branding: Branding;
  language: PdfLanguage;
  /** The document's title (metadata, window title, and the first heading). */
  title: string;
  subject?: string;
  /** "Page {page} of {pages}" in the document's language. */
  pageLabel: (page: number, pages: number) => string;
  /** Printed at the foot of every page (e.g. the support phone). */
  footer?: string;
}

export interface PdfColumn {
  header: string;
  align?: 'left' | 'right' | 'center';
  /** Relative width (default 1). */
  width?: number;
}

export interface PdfTable {
  columns: readonly PdfColumn[];
  rows: readonly (readonly string[])[];
  /** A last row set in bold (annual totals, amount due); its first cell is a row header. */
  totals?: readonly string[];
  /** The first cell of each row names the row (a row header for screen readers). */
  rowHeaders?: boolean;
  fontSize?: number;
}

const MARGIN = 54;
const TEXT = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#b0b7bb';

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

const LOCALE: Record<PdfLanguage, string> = { en: 'en-US', es: 'es-US', pt: 'pt-BR' };

export class PdfWriter {
  private readonly doc: Doc;
  private readonly root: Struct;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly options: PdfOptions;

  constructor(options: PdfOptions) {
    this.options = options;
    this.doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN + 40, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
      pdfVersion: '1.7',
      tagged: true,
      lang: LOCALE[options.language],
      displayTitle: true,
      bufferPages: true,
      info: {
        Title: options.title,
        Author: options.branding.issuerName,
        Subject: options.subject ?? options.title,
        Creator: `${options.branding.issuerName} member portal`,
      },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => {
        resolve(Buffer.concat(this.chunks));
      });
      this.doc.on('error', reject);
    });
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
    this.letterhead();
    this.doc.on('pageAdded', () => {
      this.letterhead();
    });
    this.doc.font('Helvetica').fontSize(10).fillColor(TEXT);
    this.heading(options.title, 1);
  }

  /** The issuer's logo (a Figure with its name as alternative text) or name, as on its letters. */
  private letterhead(): void {
    const { doc } = this;
    const { branding } = this.options;
    const x = MARGIN;
    const y = MARGIN - 18;
    const first = doc.bufferedPageRange().count === 1;
    const issuerName = () =>
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .fillColor(branding.primaryColor)
        .text(branding.issuerName, x, y + 8, { lineBreak: false });
    // Who sent this means something once: on the first page the logo is a Figure (or the name a
    // paragraph), on the pages after an artifact. Drawn once each: the name drawn twice looks smeared.
    if (first && branding.logo) {
      const logo = branding.logo;
      this.root.add(
        doc.struct('Figure', { alt: branding.issuerName }, () => {
          doc.image(logo, x, y, { height: 36 });
        }),
      );
    } else if (first) {
      this.root.add(doc.struct('P', {}, () => void issuerName()));
    } else {
      doc.markContent('Artifact', { type: 'Layout' });
      if (branding.logo) doc.image(branding.logo, x, y, { height: 36 });
      else issuerName();
      doc.endMarkedContent();
    }
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(MARGIN, MARGIN + 24)
      .lineTo(doc.page.width - MARGIN, MARGIN + 24)
      .lineWidth(2)
      .strokeColor(branding.primaryColor)
      .stroke();
    doc.endMarkedContent();
    doc.x = MARGIN;
    doc.y = MARGIN + 40;
    doc.font('Helvetica').fontSize(10).fillColor(TEXT);
  }

  get language(): PdfLanguage {
    return this.options.language;
  }

  /** A heading: level 1 is the title, 2 a part of the document, 3 a group within a part. */
  heading(text: string, level: 1 | 2 | 3): this {
    const { doc } = this;
    const size = level === 1 ? 18 : level === 2 ? 13 : 11;
    if (level > 1) doc.moveDown(0.6);
    this.keepWithNext(size * 4);
    this.root.add(
      doc.struct(`H${level}`, {}, () => {
        doc
          .font('Helvetica-Bold')
          .fontSize(size)
          .fillColor(level === 1 ? this.options.branding.primaryColor : TEXT)
          .text(text, MARGIN, doc.y, { width: this.width });
      }),
    );
    doc.moveDown(level === 1 ? 0.4 : 0.25);
    doc.font('Helvetica').fontSize(10).fillColor(TEXT);
    return this;
  }

  paragraph(text: string, options: { bold?: boolean; muted?: boolean; size?: number } = {}): this {
    const { doc } = this;
    this.root.add(
      doc.struct('P', {}, () => {
        doc
          .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(options.size ?? 10)
          .fillColor(options.muted ? MUTED : TEXT)
          .text(text, MARGIN, doc.y, { width: this.width, lineGap: 2 });
      }),
    );
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(10).fillColor(TEXT);
    return this;
  }

  /** Label/value pairs as a two-column table whose labels are row headers. */
  facts(rows: readonly (readonly [string, string])[]): this {
    return this.table({
      columns: [
        { header: '', width: 2 },
        { header: '', width: 3 },
      ],
      rows,
      rowHeaders: true,
      headerless: true,
    });
  }

  /** A data table with column headers (and row headers when asked), repeated structure for screen readers. */
  table(table: PdfTable & { headerless?: boolean }): this {
    const { doc } = this;
    const fontSize = table.fontSize ?? 9.5;
    const total = table.columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
    const widths = table.columns.map((column) => (this.width * (column.width ?? 1)) / total);
    const cell = (
      text: string,
      index: number,
      scope: 'row' | 'column' | null,
      bold = false,
    ): PDFKit.Mixins.CellOptions & { scope?: string } => ({
      text,
      type: scope ? 'TH' : 'TD',
      ...(scope ? { scope } : {}),
      align: { x: table.columns[index]?.align ?? 'left', y: 'center' },
      font: { src: scope || bold ? 'Helvetica-Bold' : 'Helvetica', size: fontSize },
    });
    this.keepWithNext(fontSize * 6);
    const pdfTable = doc.table({
      position: { x: MARGIN, y: doc.y },
      columnStyles: widths,
      defaultStyle: {
        border: { top: 0, bottom: 0.5, left: 0, right: 0 },
        borderColor: RULE,
        padding: [3, 4, 3, 4],
      },
      structParent: this.root,
    } as PDFKit.Mixins.TableOptions);
    if (!table.headerless) {
      pdfTable.row(
        table.columns.map((column, index) => ({
          ...cell(column.header, index, 'column'),
          backgroundColor: '#e8eef0',
        })),
      );
    }
    for (const row of table.rows) {
      pdfTable.row(
        row.map((text, index) => cell(text, index, table.rowHeaders === true && index === 0 ? 'row' : null)),
      );
    }
    if (table.totals) {
      pdfTable.row(
        table.totals.map((text, index) => ({
          ...cell(text, index, index === 0 ? 'row' : null, true),
          border: { top: 1, bottom: 1, left: 0, right: 0 },
        })),
      );
    }
    pdfTable.end();
    doc.x = MARGIN;
    doc.moveDown(0.6);
    doc.font('Helvetica').fontSize(10).fillColor(TEXT);
    return this;
  }

  /**
   * A drawing of the caller's own (an ID card) in a box `height` points high at the current position,
   * on a new page when less is left. `draw` gets pdfkit and the structure root: what it draws it tags
   * itself (text as P, pictures as Figure with alternative text, decoration as artifacts).
   */
  region(
    height: number,
    draw: (area: { doc: Doc; root: Struct; x: number; y: number; width: number }) => void,
  ): this {
    this.keepWithNext(height);
    const y = this.doc.y;
    draw({ doc: this.doc, root: this.root, x: MARGIN, y, width: this.width });
    this.doc.x = MARGIN;
    this.doc.y = y + height;
    this.doc.font('Helvetica').fontSize(10).fillColor(TEXT);
    return this;
  }

  /** Starts a new page (one part per page, e.g. one member's card). */
  newPage(): this {
    this.doc.addPage();
    return this;
  }

  /** Starts a new page when less than `height` points are left (a heading never ends a page). */
  private keepWithNext(height: number): void {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  }

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** Page numbers and the footer line on every page (artifacts), then the finished file. */
  async finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.markContent('Artifact', { type: 'Pagination' });
      doc.font('Helvetica').fontSize(8).fillColor(MUTED);
      const y = doc.page.height - MARGIN - 6;
      if (this.options.footer)
        doc.text(this.options.footer, MARGIN, y, { width: this.width * 0.75, lineBreak: false });
      doc.text(this.options.pageLabel(index - range.start + 1, range.count), MARGIN, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      doc.endMarkedContent();
      doc.page.margins.bottom = bottom;
    }
    this.root.end();
    doc.end();
    return this.done;
  }
}
