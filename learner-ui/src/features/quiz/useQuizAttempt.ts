import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  quizApi,
  type QuizAttempt,
  type QuizPageKind,
  type QuizProgress,
  type QuizQuestion,
  type QuizResult,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import { pathKeyRoot } from '../graph/hooks';
import { masteryAffectedKeys } from '../mastery/keys';
import { useToast } from '../toast/toast-context';
import { ACCESS_RESTRICTED_TEXT, ACCESS_RESTRICTED_TITLE } from './quiz-texts';

export type QuizPhase = 'starting' | 'failed' | 'active' | 'submitting' | 'results';

/** A question that has been served, with the learner's answer once given. */
export interface AskedQuestion {
  question: QuizQuestion;
  chosen?: string;
}

/**
 * One adaptive attempt: starts it on mount, then one question at a time. Submit sends the chosen
 * answer and the server answers with the next question or the result; Finish now ends the attempt
 * with what has been answered. starting → active ⇄ submitting → results, or starting → failed.
 * Starting again while an attempt of this test is open resumes it (`resumed`): at its question, with
 * the earlier answers kept for the results.
 */
export function useQuizAttempt(kind: QuizPageKind, subject: string) {
  const { toast } = useToast();
  const email = useAuth().user?.email;
  const queryClient = useQueryClient();

  const [phase, setPhase] = useState<QuizPhase>('starting');
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [failure, setFailure] = useState<string>('');
  const [asked, setAsked] = useState<AskedQuestion[]>([]);
  const [progress, setProgress] = useState<QuizProgress | null>(null);
  const [choice, setChoice] = useState('');
  const [result, setResult] = useState<QuizResult | null>(null);
  /** questions answered before this page that the server no longer lists (a retired item): counted, not shown */
  const [hidden, setHidden] = useState(0);

  // StrictMode runs mount effects twice; the ref (kept across that replay) makes it one attempt.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    quizApi.start(kind, subject).then(
      (a) => {
        const earlier: AskedQuestion[] = (a.asked ?? []).map((x) => ({ question: x.question, chosen: x.answer }));
        setAttempt(a);
        setAsked([...earlier, { question: a.question }]);
        setHidden(Math.max(0, (a.questionNumber ?? 1) - 1 - earlier.length));
        setProgress(a.progress);
        setPhase('active');
        // the graph's "Resume …" label reads the open attempts
        void queryClient.invalidateQueries({ queryKey: pathKeyRoot(email) });
      },
      (err: unknown) => {
        const message = errorMessage(err, ACCESS_RESTRICTED_TEXT);
        setFailure(message);
        setPhase('failed');
        toast({ title: ACCESS_RESTRICTED_TITLE, description: message, variant: 'destructive' });
      },
    );
  }, [kind, subject, toast, queryClient, email]);

  const current = asked.length > 0 && asked[asked.length - 1].chosen === undefined ? asked[asked.length - 1] : null;

  const finished = useCallback(
    (res: QuizResult) => {
      setResult(res);
      setPhase('results');
      for (const queryKey of masteryAffectedKeys(email)) void queryClient.invalidateQueries({ queryKey });
    },
    [email, queryClient],
  );

  const failed = useCallback(
    (err: unknown) => {
      setPhase('active');
      toast({
        title: 'Submission failed',
        description: errorMessage(err, 'Your answers could not be submitted. Please try again.'),
        variant: 'destructive',
      });
    },
    [toast],
  );

  /** Sends the chosen answer to the current question. */
  const submit = useCallback(async () => {
    if (!attempt || !current || !choice) return;
    setPhase('submitting');
    try {
      const step = await quizApi.answer(attempt.attemptId, { questionId: current.question.id, answer: choice });
      const answered = asked.map((a) => (a === current ? { ...a, chosen: choice } : a));
      setChoice('');
      setProgress(step.progress);
      if (step.done) {
        setAsked(answered);
        finished(step.result);
      } else {
        setAsked([...answered, { question: step.question }]);
        setPhase('active');
      }
    } catch (err) {
      failed(err);
    }
  }, [attempt, current, choice, asked, finished, failed]);

  /** Ends the attempt now, with what has been answered (and the current choice, if any). */
  const finishNow = useCallback(async () => {
    if (!attempt) return;
    setPhase('submitting');
    try {
      const responses = current && choice ? [{ questionId: current.question.id, answer: choice }] : [];
      const res = await quizApi.submit(attempt.attemptId, responses);
      if (current && choice) setAsked((prev) => prev.map((a) => (a === current ? { ...a, chosen: choice } : a)));
      finished(res);
    } catch (err) {
      failed(err);
    }
  }, [attempt, current, choice, finished, failed]);

  /** 1-based number of the current question (or of the last one, once there is none) */
  const number = hidden + (current ? asked.length : Math.max(1, asked.length));

  return {
    phase,
    attempt,
    failure,
    asked,
    current,
    number,
    progress,
    choice,
    setChoice,
    result,
    submit,
    finishNow,
  };
}
