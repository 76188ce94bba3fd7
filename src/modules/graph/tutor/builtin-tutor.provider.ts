import { Injectable } from '@nestjs/common';
import { escapeHtml, listItems, sections, sentences, shorten, textOf } from './html-text';
import { TutorAnswer, TutorContext, TutorProvider } from './tutor-provider';

const MAX_PASSAGE_WORDS = 90;

/**
 * The tutor that needs no network: each action is composed from the node's own lesson and
 * variants, its place in the graph and the subject's crawled passages. Deterministic, so a
 * cached answer is the same answer.
 */
@Injectable()
export class BuiltinTutorProvider implements TutorProvider {
  readonly name = 'builtin' as const;

  async answer(ctx: TutorContext): Promise<TutorAnswer> {
    const html = this.compose(ctx);
    return { html, sources: this.sources(ctx) };
  }

  private compose(ctx: TutorContext): string {
    switch (ctx.action) {
      case 'simplify':
        return this.simplify(ctx);
      case 'steps':
        return this.steps(ctx);
      case 'example':
        return this.example(ctx);
      case 'why':
        return this.why(ctx);
      case 'explain_more':
        return this.explainMore(ctx);
      case 'visualize':
        return this.visualize(ctx);
    }
  }

  /** The beginner variant, then the lesson's key points in one short sentence each. */
  private simplify({ node }: TutorContext): string {
    const points = keyPoints(node.lessonHtml, 6);
    return [
      `<h3>${escapeHtml(node.title)}, simply put</h3>`,
      node.variants.beginner || `<p>${escapeHtml(firstSentences(node.summaryHtml, 2))}</p>`,
      points.length ? `<h4>Key points</h4><ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>` : '',
    ].join('');
  }

  /** An ordered list drawn from the practical variant's list, else the lesson's own lists, else its sections. */
  private steps({ node }: TutorContext): string {
    let items = listItems(node.variants.practical).map((t) => escapeHtml(t));
    if (items.length < 2) items = listItems(node.lessonHtml).map((t) => escapeHtml(t));
    if (items.length < 2) {
      items = sections(node.lessonHtml)
        .filter((s) => s.heading)
        .map(
          (s) => `<strong>${escapeHtml(s.heading!)}</strong>: ${escapeHtml(shorten(sentences(s.text)[0] ?? '', 30))}`,
        );
    }
    const intro = textOf(node.variants.practical).split(':')[0];
    return [
      `<h3>${escapeHtml(node.title)}: step by step</h3>`,
      intro && intro.length < 120 && !items.some((i) => i.includes(intro)) ? `<p>${escapeHtml(intro)}:</p>` : '',
      `<ol>${items.map((i) => `<li>${i}</li>`).join('')}<li><strong>Check yourself</strong>: explain ${escapeHtml(lowerFirst(node.title))} in two or three sentences without notes, then try the topic's quiz.</li></ol>`,
    ].join('');
  }

  /** The practical variant as a worked example, framed by the situation it starts from and the idea it shows. */
  private example({ node }: TutorContext): string {
    const practical = node.variants.practical;
    const idea = firstSentences(node.summaryHtml, 1);
    const items = listItems(practical);
    const situation = items[0];
    return [
      `<h3>Worked example: ${escapeHtml(node.title)}</h3>`,
      situation ? `<p><strong>The situation.</strong> ${escapeHtml(situation)}</p>` : '',
      practical || `<p>${escapeHtml(firstSentences(node.lessonHtml, 3))}</p>`,
      idea ? `<p><strong>The idea behind it.</strong> ${escapeHtml(idea)}</p>` : '',
    ].join('');
  }

  /** The theoretical variant, then how the prerequisites lead here and what builds on it. */
  private why({ node, prerequisites, dependants }: TutorContext): string {
    const parts = [
      `<h3>Why ${escapeHtml(lowerFirst(node.title))} works this way</h3>`,
      node.variants.theoretical || `<p>${escapeHtml(firstSentences(node.lessonHtml, 3))}</p>`,
    ];
    if (prerequisites.length) {
      parts.push(
        `<h4>How you get here</h4><ol>${prerequisites
          .map(
            (p) =>
              `<li><strong>${escapeHtml(p.title)}</strong>: ${escapeHtml(shorten(firstSentences(p.summaryHtml, 1), 30))}</li>`,
          )
          .join(
            '',
          )}<li><strong>${escapeHtml(node.title)}</strong>: ${escapeHtml(shorten(firstSentences(node.summaryHtml, 1), 30))}</li></ol>`,
      );
    }
    if (dependants.length) {
      parts.push(`<p><strong>Where it leads:</strong> ${dependants.map((d) => escapeHtml(d.title)).join('; ')}.</p>`);
    }
    return parts.join('');
  }

  /** The advanced variant plus the crawled passages that match the topic best. */
  private explainMore({ node, passages }: TutorContext): string {
    const parts = [`<h3>Going deeper: ${escapeHtml(node.title)}</h3>`, node.variants.advanced || node.lessonHtml];
    if (passages.length) {
      parts.push('<h4>From the sources</h4>');
      for (const p of passages) {
        const words = p.text.replace(/\s+/g, ' ').trim().split(' ');
        const excerpt =
          words.length > MAX_PASSAGE_WORDS ? `${words.slice(0, MAX_PASSAGE_WORDS).join(' ')}…` : words.join(' ');
        parts.push(
          `<blockquote><p>${escapeHtml(excerpt)}</p><p>— <a href="${escapeHtml(p.url)}">${escapeHtml(p.title || p.url)}</a></p></blockquote>`,
        );
      }
    } else if (node.sources.length) {
      parts.push(
        `<h4>Further reading</h4><ul>${node.sources.map((s) => `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a></li>`).join('')}</ul>`,
      );
    }
    return parts.join('');
  }

  /** The concept as a table and an outline: what it builds on, its parts, what builds on it. */
  private visualize({ node, prerequisites, dependants }: TutorContext): string {
    const secs = sections(node.lessonHtml).filter((s) => s.heading);
    const rows: [string, string][] = [
      ['Topic', escapeHtml(node.title)],
      ['Module', escapeHtml(node.category)],
      ['In one sentence', escapeHtml(shorten(firstSentences(node.summaryHtml, 1), 40))],
      [
        'Builds on',
        prerequisites.length ? prerequisites.map((p) => escapeHtml(p.title)).join('<br>') : 'Nothing: a starting point',
      ],
      [
        'Leads to',
        dependants.length ? dependants.map((d) => escapeHtml(d.title)).join('<br>') : 'No later topic depends on it',
      ],
    ];
    const flow = [...prerequisites.map((p) => p.title), node.title, ...dependants.map((d) => d.title)].map((t) =>
      escapeHtml(t),
    );
    return [
      `<h3>${escapeHtml(node.title)} at a glance</h3>`,
      `<table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</tbody></table>`,
      secs.length
        ? `<h4>Outline</h4><ol>${secs.map((s) => `<li><strong>${escapeHtml(s.heading!)}</strong>: ${escapeHtml(shorten(sentences(s.text)[0] ?? '', 24))}</li>`).join('')}</ol>`
        : '',
      `<h4>Path through the course</h4><p>${flow.join(' → ')}</p>`,
    ].join('');
  }

  private sources({ action, node, passages }: TutorContext): { title: string; url: string }[] {
    const used = action === 'explain_more' ? passages.map((p) => ({ title: p.title || p.url, url: p.url })) : [];
    const all = [...used, ...node.sources.map((s) => ({ title: s.title, url: s.url }))];
    const seen = new Set<string>();
    return all.filter((s) => /^https?:\/\//i.test(s.url) && !seen.has(s.url) && seen.add(s.url));
  }
}

function firstSentences(html: string, n: number): string {
  return sentences(textOf(html)).slice(0, n).join(' ');
}

function lowerFirst(title: string): string {
  // Keep acronyms and names (HRV, GLP-1) as they are.
  return /^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

/** One short sentence per lesson section: its heading and the first sentence under it. */
function keyPoints(lessonHtml: string, max: number): string[] {
  const out: string[] = [];
  for (const s of sections(lessonHtml)) {
    const first = sentences(s.text)[0];
    if (!first) continue;
    out.push(
      s.heading
        ? `<strong>${escapeHtml(s.heading)}</strong>: ${escapeHtml(shorten(first))}`
        : escapeHtml(shorten(first)),
    );
    if (out.length >= max) break;
  }
  return out;
}
