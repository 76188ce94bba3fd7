import { useCallback, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@lp/shared/motion';
import { speakText, speechAvailable, type SpeechHandle } from './speech';

export interface PlayableSection {
  id: string;
  text: string;
}

export interface PlayAll {
  /** Index of the section being played, null when Play All is not running. */
  current: number | null;
  /** Whether the current section is spoken by the browser (no recorded media). */
  speaking: boolean;
  start: () => void;
  stop: () => void;
}

/**
 * 'Play All': plays the sections one after another, each with its recorded media element when it
 * has one (moving on at 'ended') and with the browser's speech synthesis otherwise (moving on
 * when the last sentence is spoken). `rate` applies to both.
 */
export function usePlayAll(
  sections: readonly PlayableSection[],
  mediaFor: (sectionId: string) => HTMLMediaElement | null,
  rate: number,
): PlayAll {
  const [current, setCurrent] = useState<number | null>(null);
  const [speaking, setSpeaking] = useState(false);
  // Read through refs: a refetch of the list (or a new recording) must not restart the section playing.
  const sectionsRef = useRef(sections);
  const mediaForRef = useRef(mediaFor);
  const rateRef = useRef(rate);
  useEffect(() => {
    sectionsRef.current = sections;
    mediaForRef.current = mediaFor;
    rateRef.current = rate;
  });

  const advance = useCallback(() => {
    setCurrent((index) => {
      if (index === null) return null;
      return index + 1 < sectionsRef.current.length ? index + 1 : null;
    });
  }, []);

  useEffect(() => {
    if (current === null) return;
    const section = sectionsRef.current[current];
    if (!section) {
      setCurrent(null);
      return;
    }
    let left = false;
    let speech: SpeechHandle | null = null;
    const next = () => {
      if (left) return;
      left = true;
      advance();
    };
    const speak = () => {
      if (left) return;
      if (!speechAvailable()) {
        next();
        return;
      }
      setSpeaking(true);
      speech = speakText(section.text, () => rateRef.current, next);
    };

    const element = mediaForRef.current(section.id);
    const onEnded = () => next();
    if (element) {
      setSpeaking(false);
      element.addEventListener('ended', onEnded);
      element.defaultPlaybackRate = rateRef.current;
      element.playbackRate = rateRef.current;
      try {
        element.currentTime = 0;
      } catch {
        // not seekable yet: it starts at 0 anyway
      }
      // A file that cannot be played is spoken instead.
      element.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        element.removeEventListener('ended', onEnded);
        speak();
      });
      element.scrollIntoView?.({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else {
      speak();
    }
    return () => {
      left = true;
      setSpeaking(false);
      speech?.cancel();
      if (element) {
        element.removeEventListener('ended', onEnded);
        element.pause();
      }
    };
  }, [current, advance]);

  // Leaving the page stops any speech still queued in the browser.
  useEffect(() => () => void (speechAvailable() && window.speechSynthesis.cancel()), []);

  const start = useCallback(() => {
    if (sectionsRef.current.length > 0) setCurrent(0);
  }, []);
  const stop = useCallback(() => setCurrent(null), []);

  return { current, speaking, start, stop };
}
