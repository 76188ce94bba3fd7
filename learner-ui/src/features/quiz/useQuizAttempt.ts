import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, quizApi, type QuizAttempt, type QuizPageKind, type QuizResult } from '../../api';
import { useAuth } from '../auth/auth-context';
import { masteryAffectedKeys } from '../mastery/keys';
import { useToast } from '../toast/toast-context';
import { ACCESS_RESTRICTED_TEXT, ACCESS_RESTRICTED_TITLE } from './quiz-texts';

export type QuizPhase = 'starting' | 'failed' | 'active' | 'submitting' | 'results';

/**
 * One attempt at a quiz: starts it on mount, keeps the chosen answers and submits them.
 * starting → active → submitting → results, or starting → failed when the server refuses.
 */
export function useQuizAttempt(kind: QuizPageKind, subject: string) {
  const { toast } = useToast();
  const email = useAuth().user?.email;
  const queryClient = useQueryClient();

  const [phase, setPhase] = useState<QuizPhase>('starting');
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [failure, setFailure] = useState<string>('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [result, setResult] = useState<QuizResult | null>(null);

  // StrictMode runs mount effects twice; the ref (kept across that replay) makes it one attempt.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    quizApi.start(kind, subject).then(
      (a) => {
        setAttempt({ ...a, questions: Array.isArray(a?.questions) ? a.questions : [] });
        setPhase('active');
      },
      (err: unknown) => {
        const message = errorMessage(err, ACCESS_RESTRICTED_TEXT);
        setFailure(message);
        setPhase('failed');
        toast({ title: ACCESS_RESTRICTED_TITLE, description: message, variant: 'destructive' });
      },
    );
  }, [kind, subject, toast]);

  const questions = attempt?.questions ?? [];
  const answeredCount = questions.filter((q) => answers[q.id]).length;
  const allAnswered = !!attempt && questions.length > 0 && answeredCount === questions.length;

  const answer = useCallback((questionId: string, choiceId: string) => {
    setAnswers((prev) => ({ ...prev, [questionId]: choiceId }));
  }, []);

  const submit = useCallback(async () => {
    if (!attempt || !allAnswered) return;
    setPhase('submitting');
    try {
      const res = await quizApi.submit(
        attempt.attemptId,
        attempt.questions.map((q) => ({ questionId: q.id, answer: answers[q.id] })),
      );
      setResult(res);
      setPhase('results');
      for (const queryKey of masteryAffectedKeys(email)) void queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      setPhase('active');
      toast({
        title: 'Submission failed',
        description: errorMessage(err, 'Your answers could not be submitted. Please try again.'),
        variant: 'destructive',
      });
    }
  }, [attempt, allAnswered, answers, queryClient, toast, email]);

  return { phase, attempt, failure, answers, result, questions, answeredCount, allAnswered, answer, submit };
}
