import {
  LINE_MESSAGE_LIMITS,
  bodyFromTextBubbles,
  canonicalTemplateBody,
  textBubblesOf,
} from '@tsunagu/contracts';
import { useState } from 'react';

export type BodyMode = 'simple' | 'json';

export const BODY_MODE_TEXT = {
  cannotSimplify:
    'このJSONはかんたん入力で表せません（表せるのはテキストのメッセージ1〜5件だけです）。JSONのまま編集してください。',
} as const;

/** Nothing written yet reads the same in both modes: one empty bubble, or empty JSON. */
function comparable(body: string): string {
  return canonicalTemplateBody(body.trim() === '' ? bodyFromTextBubbles(['']) : body);
}

/** The bubbles a body opens with in the simple form; null when it must open as JSON. */
function bubblesOf(body: string): string[] | null {
  return body.trim() === '' ? [''] : textBubblesOf(body);
}

/**
 * A template body edited two ways (decision 0086): the simple form (1–5 text bubbles, which
 * writes the JSON) or the raw JSON. A body the simple form cannot express opens as JSON and
 * cannot be switched to the simple form. `comparable` is the same for the same messages however
 * written, for the unsaved-changes check (switching the mode alone changes nothing).
 */
export function useTemplateBody(initialBody: string) {
  const [start] = useState(() => {
    const bubbles = bubblesOf(initialBody);
    return {
      mode: (bubbles ? 'simple' : 'json') as BodyMode,
      bubbles: bubbles ?? [''],
      body: bubbles ? bodyFromTextBubbles(bubbles) : initialBody,
    };
  });
  const [mode, setMode] = useState<BodyMode>(start.mode);
  const [bubbles, setBubbles] = useState<string[]>(start.bubbles);
  const [raw, setRaw] = useState(start.body);
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);
  const body = mode === 'simple' ? bodyFromTextBubbles(bubbles) : raw;

  return {
    mode,
    bubbles,
    raw,
    body,
    comparable: comparable(body),
    initialComparable: comparable(start.body),
    switchProblem,
    canAddBubble: bubbles.length < LINE_MESSAGE_LIMITS.messages,
    setRaw,
    setBubble: (index: number, text: string) =>
      setBubbles((current) => current.map((old, at) => (at === index ? text : old))),
    addBubble: () =>
      setBubbles((current) =>
        current.length < LINE_MESSAGE_LIMITS.messages ? [...current, ''] : current,
      ),
    removeBubble: (index: number) =>
      setBubbles((current) =>
        current.length > 1 ? current.filter((_text, at) => at !== index) : current,
      ),
    /** Switching to the simple form is refused (with the reason) for JSON it cannot express. */
    switchTo(next: BodyMode) {
      if (next === mode) return;
      if (next === 'json') {
        // Empty bubbles become an empty editor, ready for JSON pasted from elsewhere.
        setRaw(bubbles.every((text) => text === '') ? '' : bodyFromTextBubbles(bubbles));
      } else {
        const parsed = bubblesOf(raw);
        if (!parsed) {
          setSwitchProblem(BODY_MODE_TEXT.cannotSimplify);
          return;
        }
        setBubbles(parsed);
      }
      setSwitchProblem(null);
      setMode(next);
    },
  };
}

export type TemplateBodyState = ReturnType<typeof useTemplateBody>;
