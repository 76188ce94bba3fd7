import { z } from 'zod';

/**
 * The shape of one content file, as content/README.md defines it. These schemas check
 * each file on its own; rules that need more than one file (counts that decide whether a
 * subject is publishable, prerequisite graphs, lecture coverage, unique ids across
 * subjects) live in validateContent() so that a subject with such a problem can still be
 * parsed, reported on in full, and skipped by the caller.
 *
 * Objects are strict: an unknown key is almost always a misspelt optional field
 * (`safty_note`), which would otherwise vanish without a word.
 */

export const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const kebabId = z.string().regex(KEBAB_CASE, 'must be kebab-case (lowercase letters, digits and single hyphens)');
const text = z.string().refine((s) => s.trim().length > 0, 'must not be empty');
/** HTML fields: shape only here; the markup itself is checked by html-check.ts. */
const html = text;

const httpUrl = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}, 'must be an absolute http or https URL');

// ---------------------------------------------------------------------------------------
// subject.yaml

export const ModuleSchema = z
  .object({
    id: kebabId,
    title: text,
    description: text,
  })
  .strict();

export const SubjectFileSchema = z
  .object({
    id: kebabId,
    name: text,
    title: text,
    description: text,
    // Required for the health subjects; validateContent() enforces that, because which
    // subjects need it is a property of the subject id, not of the file's shape.
    safety_note: text.optional(),
    // 2 to 4 modules is checked in validateContent(), so a subject with 5 is still loaded.
    modules: z.array(ModuleSchema),
  })
  .strict();

// ---------------------------------------------------------------------------------------
// nodes/NN-<node-id>.yaml

export const CHOICE_IDS = ['a', 'b', 'c', 'd'] as const;

export const SOURCE_TYPES = ['encyclopedia', 'article', 'documentation', 'guideline', 'book'] as const;

export const ChoiceSchema = z
  .object({
    id: z.enum(CHOICE_IDS, { errorMap: () => ({ message: `choice ids are ${CHOICE_IDS.join(', ')}` }) }),
    text: text,
  })
  .strict();

export const QUIZ_USES = ['check', 'assessment'] as const;
export type QuizUse = (typeof QUIZ_USES)[number];

export const QuizItemSchema = z
  .object({
    id: kebabId,
    /**
     * `check`: shown by a topic's check and by practice, whose answer and explanation are revealed
     * after answering. `assessment` (the default when missing): only the diagnostic and the post
     * test serve it, and its answer is never revealed.
     */
    use: z.enum(QUIZ_USES, { errorMap: () => ({ message: 'use must be check or assessment' }) }).optional(),
    stem: text,
    choices: z.array(ChoiceSchema).length(4, 'a quiz item needs exactly 4 choices (a-d)'),
    // Any string here: whether it names one of the item's choices is a cross-field rule
    // reported by validateContent() with the item's id, which reads better than an enum error.
    correct: z.string({
      required_error: 'a quiz item needs exactly one correct answer (correct: <choice id>)',
      invalid_type_error: 'a quiz item needs exactly one correct answer: correct must be a single choice id',
    }),
    explanation: text,
    difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      errorMap: () => ({ message: 'difficulty must be 1, 2 or 3' }),
    }),
  })
  .strict();

export const SourceSchema = z
  .object({
    title: text,
    url: httpUrl,
    type: z.enum(SOURCE_TYPES, { errorMap: () => ({ message: `type must be one of ${SOURCE_TYPES.join(', ')}` }) }),
  })
  .strict();

export const VariantsSchema = z
  .object({
    beginner: html,
    advanced: html,
    practical: html,
    theoretical: html,
  })
  .strict();

export const NodeFileSchema = z
  .object({
    id: kebabId,
    title: text,
    module: kebabId,
    preview: z.boolean(),
    prerequisites: z.array(kebabId),
    summary_html: html,
    lesson_html: html,
    variants: VariantsSchema,
    sources: z.array(SourceSchema).min(1, 'needs at least 1 source').max(4, 'at most 4 sources'),
    // At least 3 items is checked in validateContent(), with the node's id.
    quiz: z.array(QuizItemSchema),
  })
  .strict();

// ---------------------------------------------------------------------------------------
// lectures.yaml

export const LectureSectionSchema = z
  .object({
    id: kebabId,
    title: text,
    text: text,
    est_seconds: z.number().int().positive(),
  })
  .strict();

export const LecturesFileSchema = z
  .object({
    subject: kebabId,
    sections: z.array(LectureSectionSchema),
  })
  .strict();

// ---------------------------------------------------------------------------------------
// challenges/<id>.yaml

export const ChallengeQuizItemSchema = z
  .object({
    q: text,
    options: z.array(text).min(2, 'needs at least 2 options'),
    answer: z.number().int().nonnegative(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.answer >= item.options.length) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['answer'],
        message: `answer ${item.answer} is not a valid index into options (0..${item.options.length - 1})`,
      });
    }
  });

const fieldName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'field names are snake_case');

/**
 * An expected field of a micro project: `{name, keywords}` (an answer mentions one of them) or `{name, range}`
 * (the answer's first number lies in it), or both. A plain name is still read (packs written before issue 27)
 * but `npm run content:check` asks for a rule (expectedFieldRuleProblems).
 */
export const ExpectedFieldSchema = z.union([
  fieldName,
  z
    .object({
      name: fieldName,
      keywords: z.array(text).min(1, 'keywords needs at least one word').optional(),
      range: z
        .tuple([z.number(), z.number()])
        .refine(([min, max]) => min <= max, 'range is [min, max] with min <= max')
        .optional(),
    })
    .strict()
    .refine((f) => f.keywords !== undefined || f.range !== undefined, 'an expected field needs keywords or a range'),
]);

export const ChallengeDaySchema = z
  .object({
    day: z.number().int().positive(),
    title: text,
    tool: text,
    est_minutes: z.number().int().positive().default(15),
    lesson: z
      .object({
        summary: text,
        steps: z.array(text).min(3, 'needs 3 to 6 steps').max(6, 'needs 3 to 6 steps'),
      })
      .strict(),
    quiz: z.array(ChallengeQuizItemSchema).min(2, 'needs 2 or 3 quiz items').max(3, 'needs 2 or 3 quiz items'),
    micro_project: z
      .object({
        desc: text,
        expected_fields: z
          .array(ExpectedFieldSchema)
          .min(1, 'needs at least one expected field')
          .refine((fields) => {
            const names = fields.map((f) => (typeof f === 'string' ? f : f.name));
            return new Set(names).size === names.length;
          }, 'expected field names must be unique'),
      })
      .strict(),
    rubric: z
      .object({
        pass_score: z.number().min(0).max(1),
        criteria: z.array(text).min(1, 'needs at least one criterion'),
      })
      .strict(),
  })
  .strict();

export const ChallengeFileSchema = z
  .object({
    id: kebabId,
    subject: kebabId,
    name: text,
    tagline: text,
    days: z.array(ChallengeDaySchema).min(1, 'needs at least one day'),
  })
  .strict()
  .superRefine((challenge, ctx) => {
    // Learners unlock day N after day N-1, so a gap or a repeat would strand them. Only
    // the first mismatch is reported: one missing day would otherwise flag every later one.
    const i = challenge.days.findIndex((d, index) => d.day !== index + 1);
    if (i >= 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['days', i, 'day'],
        message: `days must be numbered 1..N without gaps, in order: expected day ${i + 1}, found ${challenge.days[i].day}`,
      });
    }
  });

// ---------------------------------------------------------------------------------------
// Types

export type SubjectFile = z.infer<typeof SubjectFileSchema>;
export type QuizChoice = z.infer<typeof ChoiceSchema>;
export type QuizItem = z.infer<typeof QuizItemSchema>;
export type Source = z.infer<typeof SourceSchema>;
export type Variants = z.infer<typeof VariantsSchema>;
export type VariantKey = keyof Variants;
export type NodeFile = z.infer<typeof NodeFileSchema>;
export type LectureSection = z.infer<typeof LectureSectionSchema>;
export type LecturesFile = z.infer<typeof LecturesFileSchema>;
export type ChallengeQuizItem = z.infer<typeof ChallengeQuizItemSchema>;
export type ChallengeDay = z.infer<typeof ChallengeDaySchema>;
export type ExpectedField = z.infer<typeof ExpectedFieldSchema>;
export type ChallengeFile = z.infer<typeof ChallengeFileSchema>;

/** A node as loaded, with the file it came from (relative to the content root). */
export type NodeContent = NodeFile & { file: string };

/**
 * One subject as loaded: subject.yaml, its nodes in reading (file) order, and its lecture
 * sections. `lectures` is null when lectures.yaml is missing or unreadable (reported as a
 * problem), so callers never mistake a broken file for an empty script.
 */
export type SubjectContent = SubjectFile & {
  /** The subject's folder relative to the content root (equals `id` when valid). */
  dir: string;
  nodes: NodeContent[];
  lectures: LecturesFile | null;
};

export type ChallengeContent = ChallengeFile & { file: string };

export interface ContentProblem {
  /** Path relative to the content root, e.g. `vagus-nerve/nodes/01-vn-anatomy.yaml`. */
  file: string;
  /** The node, quiz item, module, section or challenge the problem is about, when known. */
  id?: string;
  message: string;
}

/** Subjects whose files need a safety_note: they give health guidance. */
export const HEALTH_SUBJECTS = new Set(['vagus-nerve', 'metabolic']);

export const VARIANT_KEYS: readonly VariantKey[] = ['beginner', 'advanced', 'practical', 'theoretical'];

export const MODULES_MIN = 2;
export const MODULES_MAX = 4;
export const NODES_MIN = 12;
export const NODES_MAX = 16;
export const QUIZ_MIN = 3;
/** Check items a node needs (use: check), revealed by the topic check and practice. */
export const CHECK_MIN = 2;
/** A check stem sharing this much of its word set with an assessment stem would give the test away. */
export const CHECK_OVERLAP_MAX = 0.6;
export const PREVIEW_NODES = 2;
