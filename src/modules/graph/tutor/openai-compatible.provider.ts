import { BadGatewayException, GatewayTimeoutException, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { escapeHtml, textOf } from './html-text';
import { TutorAction, TutorAnswer, TutorContext, TutorProvider } from './tutor-provider';

const INSTRUCTIONS: Record<TutorAction, string> = {
  explain_more:
    'Explain this topic in more depth than the lesson, for a learner who has understood the basics. Use the source passages where they add something, and name the source you draw on.',
  simplify:
    'Explain this topic in plain, simple language for a complete beginner, then list the key points in short sentences.',
  example:
    'Give one concrete, realistic worked example that shows the topic in practice, step by step, and say what it illustrates.',
  steps: 'Turn the topic into an ordered list of practical steps a learner can follow or check.',
  why: 'Explain why this works the way it does: the underlying mechanism, and how the prerequisite topics lead to it.',
  visualize:
    "Give a structured visual overview: a table of the concept's key parts and an outline of how it connects to its prerequisites and to the topics that build on it.",
};

const MAX_LESSON_CHARS = 6000;

interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
}

/** The tutor backed by an OpenAI-compatible chat API (`POST {LLM_BASE_URL}/chat/completions`). */
@Injectable()
export class OpenAiCompatibleProvider implements TutorProvider {
  readonly name = 'llm' as const;

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  messages(ctx: TutorContext): { role: 'system' | 'user'; content: string }[] {
    const { node, prerequisites, dependants, passages } = ctx;
    const variants = Object.entries(node.variants)
      .map(([k, v]) => `${k}: ${textOf(v)}`)
      .join('\n');
    const sourceLines = passages.map((p, i) => `[${i + 1}] ${p.title || p.url} (${p.url}):\n${p.text}`).join('\n\n');
    return [
      {
        role: 'system',
        content:
          `You are a patient, accurate tutor for the course "${node.subjectTitle}". Answer in HTML fragments only ` +
          '(p, ul, ol, li, strong, em, h3, h4, table, tr, th, td, blockquote, a), no markdown and no <html> or <body>. ' +
          'Stay within what the lesson and the sources support; say so when they do not cover something.',
      },
      {
        role: 'user',
        content: [
          `Task: ${INSTRUCTIONS[ctx.action]}`,
          `Topic: ${node.title} (module: ${node.category})`,
          `Summary: ${textOf(node.summaryHtml)}`,
          `Lesson: ${textOf(node.lessonHtml).slice(0, MAX_LESSON_CHARS)}`,
          variants ? `Variants of the lesson:\n${variants}` : '',
          prerequisites.length ? `Builds on: ${prerequisites.map((p) => p.title).join('; ')}` : '',
          dependants.length ? `Leads to: ${dependants.map((d) => d.title).join('; ')}` : '',
          sourceLines ? `Source passages:\n${sourceLines}` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ];
  }

  async answer(ctx: TutorContext): Promise<TutorAnswer> {
    const llm = this.config.tutor.llm!;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (llm.apiKey) headers.authorization = `Bearer ${llm.apiKey}`;
    const payload = JSON.stringify({ model: llm.model, messages: this.messages(ctx), temperature: 0.3 });
    let res: Response;
    try {
      res = await fetch(`${llm.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(llm.timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new GatewayTimeoutException(`The AI tutor did not answer within ${llm.timeoutMs} ms. Please try again.`);
      throw new BadGatewayException(
        `The AI tutor service could not be reached (${(e.cause as Error)?.message ?? e.message}). Please try again.`,
      );
    }
    if (!res.ok) {
      const detail = await res.text().then(
        (t) => errorDetail(t),
        () => '',
      );
      throw new BadGatewayException(
        `The AI tutor service failed with HTTP ${res.status}${detail ? `: ${detail}` : ''}. Please try again.`,
      );
    }
    let body: ChatCompletion;
    try {
      body = (await res.json()) as ChatCompletion;
    } catch {
      throw new BadGatewayException('The AI tutor service sent an unreadable answer. Please try again.');
    }
    const content = body.choices?.[0]?.message?.content?.trim();
    if (!content) throw new BadGatewayException('The AI tutor service sent an empty answer. Please try again.');
    const seen = new Set<string>();
    const sources = [
      ...ctx.passages.map((p) => ({ title: p.title || p.url, url: p.url })),
      ...ctx.node.sources.map((s) => ({ title: s.title, url: s.url })),
    ].filter((s) => !seen.has(s.url) && seen.add(s.url));
    return { html: looksLikeHtml(content) ? stripFence(content) : plainToHtml(content), sources };
  }
}

/** The provider's own error message, short, when its body is the usual `{error: {message}}`. */
function errorDetail(text: string): string {
  try {
    const m = (JSON.parse(text) as { error?: { message?: string } | string }).error;
    const msg = typeof m === 'string' ? m : m?.message;
    return msg ? String(msg).slice(0, 200) : '';
  } catch {
    return '';
  }
}

function stripFence(text: string): string {
  return text.replace(/^```(?:html)?\s*/i, '').replace(/\s*```$/, '');
}

function looksLikeHtml(text: string): boolean {
  return /<(p|ul|ol|h[1-6]|table|div|blockquote)[\s>]/i.test(text);
}

/** Models sometimes answer in plain text or light markdown despite the instruction. */
function plainToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const inline = (s: string) => escapeHtml(s).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
      if (lines.every((l) => /^[-*] /.test(l)))
        return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      if (lines.every((l) => /^\d+[.)] /.test(l)))
        return `<ol>${lines.map((l) => `<li>${inline(l.replace(/^\d+[.)] /, ''))}</li>`).join('')}</ol>`;
      const h = /^#{1,4} (.*)$/.exec(lines[0] ?? '');
      if (h && lines.length === 1) return `<h3>${inline(h[1])}</h3>`;
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('');
}
