import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The text of a PDF and its page count, as a PDF parser (pdf.js through pdf-parse) reads it back. */
export function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'read-pdf-text.mjs')],
      { maxBuffer: 16 * 1024 * 1024, timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`could not read the PDF: ${stderr || err.message}`));
        else resolve(JSON.parse(stdout) as { pages: number; text: string });
      },
    );
    child.stdin!.end(pdf);
  });
}
