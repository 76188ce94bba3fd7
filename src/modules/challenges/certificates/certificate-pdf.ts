import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** DejaVu (from the dejavu-fonts-ttf package), embedded so Latin, Greek and Cyrillic names all render. */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = {
  regular: join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  serif: join(FONT_DIR, 'DejaVuSerif.ttf'),
  serifBold: join(FONT_DIR, 'DejaVuSerif-Bold.ttf'),
  mono: join(FONT_DIR, 'DejaVuSansMono.ttf'),
};

export const PDF_MEDIA_TYPE = 'application/pdf';

export interface CertificatePdfInput {
  id: string;
  learnerName: string;
  challengeName: string;
  subjectTitle: string;
  days: number;
  issuedAt: string;
  issuerName: string;
  /** the public page, /certificates/{id}: printed and encoded in the QR code */
  pageUrl: string;
  revoked: boolean;
}

/** "27 November 2026": the date as people write it, in UTC (the instant of issue, as the credential states it). */
export function humanDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';

/**
 * The printable certificate: one A4 landscape page with the learner's name, the challenge, the course, the dates and
 * a QR code of the public page where anyone can check it. Vector throughout (the QR code is drawn as squares), so it
 * prints sharp at any size.
 */
export async function renderCertificatePdf(c: CertificatePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${c.challengeName} · Certificate of completion`,
      Author: c.issuerName,
      Subject: `Certificate ${c.id} awarded to ${c.learnerName}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);

  const W = doc.page.width; // 841.89 pt
  const H = doc.page.height; // 595.28 pt
  // a double frame
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .rect(34, 34, W - 68, H - 68)
    .stroke();

  const centred = (text: string, y: number, font: keyof typeof FONTS, size: number, color = INK) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 60, y, { width: W - 120, align: 'center' });
  };
  /** The largest size up to `max` at which the text fits on one line of the given width. */
  const fit = (text: string, font: keyof typeof FONTS, max: number, width: number) => {
    doc.font(font);
    let size = max;
    while (size > 12 && doc.fontSize(size).widthOfString(text) > width) size -= 1;
    return size;
  };

  centred(c.issuerName.toUpperCase(), 70, 'bold', 14, ACCENT);
  centred('Certificate of completion', 100, 'serifBold', 30);
  centred('This certifies that', 165, 'regular', 14, MUTED);
  const nameSize = fit(c.learnerName, 'serifBold', 40, W - 160);
  centred(c.learnerName, 190 + (40 - nameSize) / 2, 'serifBold', nameSize);
  doc
    .moveTo(W / 2 - 200, 245)
    .lineTo(W / 2 + 200, 245)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
  centred('completed every day of the challenge', 262, 'regular', 14, MUTED);
  const challengeSize = fit(c.challengeName, 'bold', 26, W - 160);
  centred(c.challengeName, 288, 'bold', challengeSize);
  centred(`in the course ${c.subjectTitle}`, 330, 'regular', 14, INK);
  const days = `${c.days} day${c.days === 1 ? '' : 's'}`;
  centred(`${days} · Issued ${humanDate(c.issuedAt)}`, 356, 'regular', 12, MUTED);

  // the QR code of the public page, bottom right
  const qr = QRCode.create(c.pageUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const qrSize = 110;
  const cell = qrSize / modules;
  const qx = W - 60 - qrSize;
  const qy = H - 60 - qrSize - 14;
  doc.fillColor('#000000');
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (qr.modules.get(row, col)) doc.rect(qx + col * cell, qy + row * cell, cell + 0.02, cell + 0.02);
    }
  }
  doc.fill();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Scan to verify', qx, qy + qrSize + 4, { width: qrSize, align: 'center' });

  // what identifies it, bottom left
  const left = 60;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text('Verify this certificate', left, H - 150);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(c.pageUrl, left, H - 135, { width: W - 260, link: c.pageUrl });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text('Certificate ID', left, H - 112);
  doc
    .font('mono')
    .fontSize(9)
    .fillColor(INK)
    .text(c.id, left, H - 97);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Issued by ${c.issuerName} as an Open Badges 3.0 credential signed with Ed25519; the page above checks its signature and revocation status.`,
      left,
      H - 78,
      { width: W - 260 },
    );

  if (c.revoked) {
    doc.save();
    doc.rotate(-20, { origin: [W / 2, H / 2] });
    doc
      .font('bold')
      .fontSize(110)
      .fillColor('#dc2626')
      .fillOpacity(0.25)
      .text('REVOKED', 0, H / 2 - 70, { width: W, align: 'center' });
    doc.restore();
  }

  doc.end();
  return done;
}
