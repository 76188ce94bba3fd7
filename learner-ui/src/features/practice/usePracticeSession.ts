import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  isApiError,
  learningApi,
  practiceApi,
  type PracticeAnswerResult,
  type PracticeCard,
  type PracticeRating,
  type PracticeReviewResult,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import { masteryAffectedKeys } from '../mastery/keys';
import { useToast } from '../toast/toast-context';
import { nextStreak } from './hooks';

export const PRACTICE_BATCH = 10;

/** POST /api/practice/answer's 409 for a card whose answer was graded before: it waits for its rating. */
const ALREADY_GRADED = /already been graded/i;

/**
 * intro → loading → question → answering (the answer is being graded) → answered (the feedback and the
 * rating step) → reviewing (the rating is being saved) → rated; or empty / error after loading.
 */
export type PracticePhase =
  'intro' | 'loading' | 'question' | 'answering' | 'answered' | 'reviewing' | 'rated' | 'empty' | 'error';

/**
 * A practice session: load the most overdue card (seeding the deck on the first visit), pick an
 * answer (graded at once: right or wrong, the correct answer, the explanation and each rating's
 * interval), then rate it, and keep the session streak. `totalReviews` (from the stats) tells whether
 * the learner never practised, the only case in which the deck is seeded.
 */
export function usePracticeSession(subjectId: string, totalReviews: number | undefined) {
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const [phase, setPhase] = useState<PracticePhase>('intro');
  const [card, setCard] = useState<PracticeCard | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PracticeAnswerResult | null>(null);
  // the card's answer was graded before (another tab, or a reload before rating): only the rating is left
  const [gradedBefore, setGradedBefore] = useState(false);
  const [result, setResult] = useState<PracticeReviewResult | null>(null);
  const [loadError, setLoadError] = useState('');
  const [streak, setStreak] = useState(0);
  const seeded = useRef(false);
  const loading = useRef(false);

  const refreshAfterReview = useCallback(() => {
    for (const queryKey of masteryAffectedKeys(user?.email)) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, user?.email]);

  const loadNext = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    setPhase('loading');
    setChoice(null);
    setAnswer(null);
    setGradedBefore(false);
    setResult(null);
    try {
      let cards = await practiceApi.next(subjectId, PRACTICE_BATCH);
      // No cards yet: create one per topic (the server does nothing when the learner has some).
      if (cards.length === 0 && !seeded.current && (totalReviews ?? 0) === 0) {
        seeded.current = true;
        await practiceApi.seed(subjectId);
        cards = await practiceApi.next(subjectId, PRACTICE_BATCH);
        refreshAfterReview();
      }
      if (cards.length === 0) {
        setCard(null);
        setPhase('empty');
      } else {
        setCard(cards[0]);
        setPhase('question');
      }
    } catch (err) {
      setLoadError(errorMessage(err, 'Practice cards could not be loaded.'));
      setPhase('error');
    } finally {
      loading.current = false;
    }
  }, [subjectId, totalReviews, refreshAfterReview]);

  /** The first answer counts: it is graded at once, and later clicks change nothing. */
  const choose = async (optionId: string) => {
    if (!card || phase !== 'question' || choice !== null || !card.questionId) return;
    setChoice(optionId);
    setPhase('answering');
    try {
      const res = await learningApi.answerPractice({
        subjectId,
        nodeId: card.nodeId,
        questionId: card.questionId,
        answer: optionId,
      });
      setAnswer(res);
      setPhase('answered');
      // mastery moves with the graded answer, not with the rating
      refreshAfterReview();
    } catch (err) {
      setChoice(null);
      if (isApiError(err) && err.status === 409 && ALREADY_GRADED.test(err.message)) {
        setGradedBefore(true);
        setPhase('answered');
        return;
      }
      setPhase('question');
      toast({
        title: 'Answer failed',
        description: errorMessage(err, 'Your answer could not be checked. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  /** The rating of a graded card (a card without a question is rated straight away). */
  const rate = async (rating: PracticeRating) => {
    if (!card) return;
    const unanswerable = card.options.length === 0 && phase === 'question';
    if (phase !== 'answered' && !unanswerable) return;
    const from = phase;
    setPhase('reviewing');
    try {
      const res = await practiceApi.review({ subjectId, nodeId: card.nodeId, rating });
      setResult(res);
      setStreak((s) => nextStreak(s, rating));
      setPhase('rated');
      refreshAfterReview();
    } catch (err) {
      setPhase(from);
      toast({
        title: 'Review failed',
        description: errorMessage(err, 'Your rating could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return { phase, card, choice, answer, gradedBefore, result, loadError, streak, loadNext, rate, choose };
}
