/** Words that end in a period without ending the sentence (compared lower-case, without the period). */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt vs etc e.g i.e cf al approx ca inc ltd corp dept incl resp ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k a.m p.m ph.d lt capt sgt'
  ).split(' '),
);
/** Abbreviations that are also plain words ("the answer is no."): not an ending only when a number follows. */
const NUMBER_ABBREVIATIONS = new Set('no nos p pp vol ch sec fig figs eq eqs'.split(' '));

/** Sentences longer than this are cut at a clause boundary, so no single clip (or caption) runs on for too long. */
const MAX_SENTENCE_CHARS = 300;

/**
 * Splits prose into sentences for synthesis and captions. A period after a known abbreviation ("e.g.",
 * "Dr."), a single initial ("J. Smith") or inside a number ("3.14") does not end a sentence; a blank
 * line or a line break always does (headings, list items).
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n+/)) {
    const line = block.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    // A boundary: terminal punctuation, optional closing quotes/brackets, then whitespace.
    const re = /[.!?…]+["'”’)\]]*(?=\s)/g;
    let start = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const end = m.index + m[0].length;
      if (m[0].startsWith('.') && m[0].length === 1 && !endsSentence(line.slice(start, m.index), line.slice(end)))
        continue;
      push(out, line.slice(start, end));
      start = end;
    }
    push(out, line.slice(start));
  }
  return out;
}

function endsSentence(before: string, after: string): boolean {
  const word = (/(\S+)$/.exec(before)?.[1] ?? '').replace(/^["'“‘([]+/, '');
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if (NUMBER_ABBREVIATIONS.has(lower) && /^\s*[\dIVXivx]/.test(after)) return false;
  // "J. Smith": a lone capital is an initial; "a.k.a", "U.S.A": dotted abbreviations not in the list
  if (/^[A-Z]$/.test(word) || /^([a-z]\.)+[a-z]$/i.test(word)) return false;
  // the next word starts lower-case ("approx. five"): a missed abbreviation, not a new sentence
  if (/^\s*[a-z]/.test(after)) return false;
  return true;
}

function push(out: string[], sentence: string) {
  const s = sentence.trim();
  if (!/[\p{L}\p{N}]/u.test(s)) {
    // punctuation only ("...", "—"): keep it with the previous sentence rather than synthesize silence
    if (s && out.length) out[out.length - 1] += ` ${s}`;
    return;
  }
  out.push(...cutLong(s));
}

/** Cuts an over-long sentence at `;`, `:`, `,` or a dash (else at a space) near its middle, recursively. */
function cutLong(s: string): string[] {
  if (s.length <= MAX_SENTENCE_CHARS) return [s];
  const mid = s.length / 2;
  let best = -1;
  for (const re of [/[;:]\s/g, /,\s|\s[—–-]\s/g, /\s/g]) {
    for (const m of s.matchAll(re)) {
      const at = m.index + m[0].trimEnd().length;
      if (at > 20 && at < s.length - 20 && (best < 0 || Math.abs(at - mid) < Math.abs(best - mid))) best = at;
    }
    if (best > 0) break;
  }
  if (best < 0) best = Math.floor(mid);
  return [...cutLong(s.slice(0, best).trim()), ...cutLong(s.slice(best).trim())];
}

/** WebVTT timestamp: hh:mm:ss.mmm */
export function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

/** Caption lines are kept to this length where a sentence allows; longer ones become two balanced lines. */
const CAPTION_LINE_CHARS = 42;

function captionLines(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (escaped.length <= CAPTION_LINE_CHARS) return escaped;
  const mid = escaped.length / 2;
  let best = -1;
  for (let i = escaped.indexOf(' '); i >= 0; i = escaped.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - mid) < Math.abs(best - mid)) best = i;
  return best < 0 ? escaped : `${escaped.slice(0, best)}\n${escaped.slice(best + 1)}`;
}

/** A WebVTT file with one numbered cue per sentence. */
export function buildVtt(cues: { text: string; startMs: number; endMs: number }[]): string {
  const body = cues
    .map((c, i) => `${i + 1}\n${vttTime(c.startMs)} --> ${vttTime(c.endMs)}\n${captionLines(c.text)}`)
    .join('\n\n');
  return `WEBVTT\n\n${body}${cues.length ? '\n' : ''}`;
}
