/** The browser's speech synthesis, for sections without recorded audio. */

export interface SpeechHandle {
  cancel(): void;
}

export function speechAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.speechSynthesis !== 'undefined' &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Sentences, so a long section is never one utterance (Chrome stops long ones after ~15 s). */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Rough speaking time: 2.5 words a second at rate 1. */
function expectedMs(sentence: string, rate: number): number {
  const words = sentence.split(/\s+/).length;
  return (words / (2.5 * rate)) * 1000;
}

/**
 * Speaks `text` sentence by sentence, each at the rate `rate()` gives when it starts (so the
 * slider applies from the next sentence), then calls `onDone` once. An utterance error moves on;
 * so does a sentence that neither ends nor fails in twice its expected time plus 5 s (a browser
 * without voices may stay silent forever).
 */
export function speakText(text: string, rate: () => number, onDone: () => void): SpeechHandle {
  const synth = window.speechSynthesis;
  const sentences = splitSentences(text);
  let index = 0;
  let stopped = false;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  const finish = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(watchdog);
    onDone();
  };

  const speakNext = () => {
    clearTimeout(watchdog);
    if (stopped) return;
    if (index >= sentences.length) {
      finish();
      return;
    }
    const sentence = sentences[index++];
    const utterance = new SpeechSynthesisUtterance(sentence);
    const currentRate = rate();
    utterance.rate = currentRate;
    utterance.onend = speakNext;
    utterance.onerror = () => {
      // 'interrupted' and 'canceled' come from our own cancel(), which has already stopped.
      if (!stopped) finish();
    };
    watchdog = setTimeout(finish, expectedMs(sentence, currentRate) * 2 + 5000);
    synth.speak(utterance);
  };

  synth.cancel();
  if (sentences.length === 0) {
    queueMicrotask(finish);
  } else {
    speakNext();
  }
  return {
    cancel() {
      stopped = true;
      clearTimeout(watchdog);
      synth.cancel();
    },
  };
}
