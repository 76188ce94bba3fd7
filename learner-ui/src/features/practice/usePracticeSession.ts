import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  practiceApi,
  type PracticeCard,
  type PracticeRating,
  type PracticeReviewResult,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import { masteryAffectedKeys } from '../mastery/keys';
import { useToast } from '../toast/toast-context';
import { nextStreak } from './hooks';

export const PRACTICE_BATCH = 10;

export type PracticePhase = 'intro' | 'loading' | 'question' | 'reviewing' | 'rated' | 'empty' | 'error';

/**
 * A practice session: load the most overdue card (seeding the deck on the first visit), pick an
 * answer, rate it, and keep the session streak. `totalReviews` (from the stats) tells whether the
 * learner never practised, the only case in which the deck is seeded.
 */
export function usePracticeSession(subjectId: string, totalReviews: number | undefined) {
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const [phase, setPhase] = useState<PracticePhase>('intro');
  const [card, setCard] = useState<PracticeCard | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
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

  const rate = async (rating: PracticeRating) => {
    if (!card || phase !== 'question') return;
    setPhase('reviewing');
    try {
      const res = await practiceApi.review({
        subjectId,
        nodeId: card.nodeId,
        rating,
        questionId: card.questionId ?? undefined,
        answer: choice ?? undefined,
      });
      setResult(res);
      setStreak((s) => nextStreak(s, rating));
      setPhase('rated');
      refreshAfterReview();
    } catch (err) {
      setPhase('question');
      toast({
        title: 'Review failed',
        description: errorMessage(err, 'Your rating could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  /** The first answer counts: later clicks change nothing. */
  const choose = (optionId: string) => {
    if (choice === null) setChoice(optionId);
  };

  return { phase, card, choice, result, loadError, streak, loadNext, rate, choose };
}
