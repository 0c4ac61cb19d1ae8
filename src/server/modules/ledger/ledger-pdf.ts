import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { fr } from 'date-fns/locale/fr';
import { receiptPdf, statementPdf } from '#shared/messages/ledger.ts';
import type { PaymentFigures } from '#shared/rules/ledger.ts';
import { frenchLongParisDate, frenchParisDate, parisClock } from '#shared/rules/paris-time.ts';
import { isRightToLeft, printable } from '#shared/rules/printable-text.ts';

/**
 * The money documents. pdfkit's standard fonts (Helvetica) speak WinAnsi only: a name in Cyrillic or
 * Arabic came out as "Ø=Þ". They are drawn with DejaVu Sans instead (the `dejavu-fonts-ttf` package,
 * embedded as a subset of the glyphs used), which covers Latin, Cyrillic and Arabic, the latter shaped
 * by pdfkit's fontkit. Texts come from messages/ledger.ts; people's texts go through `printable`.
 */

const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
/** Read once at start (about 2 MB); each document embeds only the glyphs it uses. */
const FONTS = {
  regular: fontFile('DejaVuSans.ttf'),
  bold: fontFile('DejaVuSans-Bold.ttf'),
  italic: fontFile('DejaVuSans-Oblique.ttf'),
} as const;

/** What pdfkit keeps of the current font: fontkit's font, whose cmap tells what it can draw. */
type CurrentFont = { _font?: { font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } } };

const MARGIN = 56;
const AUTHOR = 'Appui';

/**
 * fr-FR amounts ("1 234,56 €"). Intl separates thousands with U+202F; the documents write the plain
 * no-break space, which every PDF reader copies as a space. 0 is "0,00 €" here (a document never says
 * "Gratuit").
 */
export function pdfMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() })
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');
}

/** "mardi 3 décembre 2026 à 14:30 (heure de Paris)". */
function parisDateTime(instant: Date): string {
  return receiptPdf.parisTime(`${frenchLongParisDate(instant)} à ${parisClock(instant)}`);
}

function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: title, Author: AUTHOR, Creator: AUTHOR },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  doc.font('bold').fontSize(20).text(title);
  doc.font('regular').fontSize(10).fillColor('#555555').text(subtitle).fillColor('#000000');
  doc.moveDown(1.5);
}

/** `printable` for the document's current font (a value may be a person's name or title). */
function printableHere(doc: PDFKit.PDFDocument, text: string): string {
  const font = (doc as unknown as CurrentFont)._font?.font;
  const canDraw = font?.hasGlyphForCodePoint?.bind(font);
  if (!canDraw) throw new Error('the document has no embedded font to check its text against');
  return printable(text, canDraw);
}

function line(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('bold').fontSize(11).text(label, MARGIN, y, { width: 170 });
  const labelBottom = doc.y;
  doc.font('regular').fontSize(11);
  const text = printableHere(doc, value);
  // pdfkit shapes each word apart, its space included, so an Arabic name's words would touch and
  // read in the wrong order; with features given it shapes the whole run, which fontkit orders from
  // the right.
  const options: PDFKit.Mixins.TextOptions = { width: doc.page.width - 2 * MARGIN - 180 };
  if (isRightToLeft(text)) Object.assign(options, { features: ['kern'], align: 'right' });
  doc.text(text, MARGIN + 180, y, options);
  doc.y = Math.max(labelBottom, doc.y) + 4;
}

export type ReceiptData = {
  bookingId: string;
  offerTitle: string;
  sessionStartAt: Date;
  helperName: string;
  seekerName: string;
  currency: string;
  paidAt: Date;
  amountCents: number;
  refundedCents: number;
  refundPending: boolean;
  references: string[];
  /** Only for the helper and admins: the seeker's receipt does not show the commission (issue 9). */
  helperFigures?: Pick<PaymentFigures, 'commissionCents' | 'netCents'>;
  demo: boolean;
};

export function renderReceipt(data: ReceiptData): Promise<Buffer> {
  return render(receiptPdf.title, (doc) => {
    header(doc, receiptPdf.title, receiptPdf.subtitle);
    if (data.demo) {
      doc.font('bold').fontSize(11).fillColor('#b45309').text(receiptPdf.demoMode).fillColor('#000000');
      doc.moveDown();
    }
    const money = (cents: number) => pdfMoney(cents, data.currency);
    line(doc, receiptPdf.number, data.bookingId);
    line(doc, receiptPdf.paidAt, parisDateTime(data.paidAt));
    line(doc, receiptPdf.session, data.offerTitle);
    line(doc, receiptPdf.sessionAt, parisDateTime(data.sessionStartAt));
    line(doc, receiptPdf.helper, data.helperName);
    line(doc, receiptPdf.seeker, data.seekerName);
    doc.moveDown();
    line(doc, receiptPdf.amount, money(data.amountCents));
    if (data.helperFigures) {
      line(doc, receiptPdf.commission, money(data.helperFigures.commissionCents));
      line(doc, receiptPdf.net, money(data.helperFigures.netCents));
    }
    let refund: string = receiptPdf.noRefund;
    if (data.refundedCents > 0) refund = money(data.refundedCents);
    else if (data.refundPending) refund = receiptPdf.refundPending;
    line(doc, receiptPdf.refund, refund);
    line(doc, receiptPdf.reference, data.references.join(', '));
    doc.moveDown(2);
    doc.font('regular').fontSize(9).fillColor('#555555').text(receiptPdf.footer, MARGIN);
  });
}

export type StatementSection = {
  currency: string;
  /** Twelve rows, January first. */
  months: PaymentFigures[];
  total: PaymentFigures;
};

export type StatementData = {
  year: number;
  helperName: string;
  issuedAt: Date;
  sections: StatementSection[];
};

const monthName = (index: number) => {
  const name = fr.localize.month(index as Parameters<typeof fr.localize.month>[0], { width: 'wide' });
  return name.charAt(0).toUpperCase() + name.slice(1);
};

export function renderStatement(data: StatementData): Promise<Buffer> {
  const title = statementPdf.title(data.year);
  return render(title, (doc) => {
    header(doc, title, statementPdf.subtitle);
    line(doc, statementPdf.helper, data.helperName);
    line(doc, statementPdf.issuedAt, frenchParisDate(data.issuedAt));
    doc.moveDown();
    if (data.sections.every((section) => section.total.grossCents === 0)) {
      doc.font('italic').fontSize(11).text(statementPdf.empty, MARGIN);
      doc.moveDown();
    }
    const width = doc.page.width - 2 * MARGIN;
    const columns = [
      { label: statementPdf.month, x: MARGIN, width: 110, align: 'left' as const },
      { label: statementPdf.gross, x: MARGIN + 110, width: 90, align: 'right' as const },
      { label: statementPdf.commission, x: MARGIN + 200, width: 90, align: 'right' as const },
      { label: statementPdf.refunds, x: MARGIN + 290, width: 100, align: 'right' as const },
      { label: statementPdf.net, x: MARGIN + 390, width: width - 390, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'bold' : 'regular').fontSize(10);
      cells.forEach((cell, index) => {
        const column = columns[index];
        if (column) doc.text(cell, column.x, y, { width: column.width, align: column.align, lineBreak: false });
      });
      doc.y = y + 16;
    };
    for (const section of data.sections) {
      const money = (cents: number) => pdfMoney(cents, section.currency);
      const cells = (figures: PaymentFigures) => [
        money(figures.grossCents),
        money(figures.commissionCents),
        money(figures.refundedCents),
        money(figures.netCents),
      ];
      doc.font('bold').fontSize(12).text(statementPdf.currency(section.currency), MARGIN);
      doc.moveDown(0.5);
      row(
        columns.map((column) => column.label),
        true,
      );
      section.months.forEach((figures, index) => row([monthName(index), ...cells(figures)]));
      row([statementPdf.total, ...cells(section.total)], true);
      doc.moveDown();
    }
    doc.font('regular').fontSize(9).fillColor('#555555').text(statementPdf.method, MARGIN, doc.y, { width });
  });
}
