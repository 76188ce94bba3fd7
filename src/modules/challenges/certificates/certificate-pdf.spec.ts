import { pdfText } from '../../../../test/support/pdf-text';
import { humanDate, renderCertificatePdf } from './certificate-pdf';

const base = {
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  learnerName: 'Zoë Ångström Σωκράτης Пётр',
  challengeName: 'Vagus Breath 7',
  subjectTitle: 'The Vagus Nerve',
  days: 7,
  issuedAt: '2026-11-25T10:00:00.000Z',
  issuerName: 'LearnPath',
  pageUrl: 'https://learn.example.com/certificates/AbCdEfGhIjKlMnOpQrStUv',
  revoked: false,
};

const textOf = pdfText;

describe('the printable certificate (PDF)', () => {
  it('is one A4 landscape page naming the learner (Latin, Greek, Cyrillic), challenge, course, date and page URL', async () => {
    const pdf = await renderCertificatePdf(base);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 landscape: 841.89 × 595.28 pt
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(1);
    for (const s of [
      base.learnerName,
      'Vagus Breath 7',
      'The Vagus Nerve',
      '25 November 2026',
      base.pageUrl,
      base.id,
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('REVOKED');
    // the fonts are embedded (a name in any of these scripts renders on any printer)
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('marks a revoked certificate as revoked', async () => {
    const { text } = await textOf(await renderCertificatePdf({ ...base, revoked: true }));
    expect(text).toContain('REVOKED');
  });

  it('writes dates as people do', () => {
    expect(humanDate('2026-01-05T23:59:00.000Z')).toBe('5 January 2026');
  });
});
