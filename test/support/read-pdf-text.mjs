// Reads a PDF from stdin and prints {pages, text} as JSON: pdf-parse (pdf.js) loads its worker with a dynamic
// import, which jest's module sandbox refuses, so tests run it in a plain Node process (pdfText in pdf-text.ts).
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  const res = await parser.getText();
  process.stdout.write(JSON.stringify({ pages: res.total, text: res.text }));
} finally {
  await parser.destroy();
}
