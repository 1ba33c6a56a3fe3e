import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AnswerFormApp, answerLinkOf } from '@/features/answer-form';
import '@/features/answer-form/answer-form.css';

/**
 * A friend's answer page `/f/{publicKey}?m={token}` (issue 13, decision 0153): its own small
 * entry like the booking page — a phone opened from LINE downloads this form and never the
 * console.
 */
const root = document.getElementById('root');
if (!root) throw new Error('answer.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <AnswerFormApp link={answerLinkOf(window.location)} />
  </StrictMode>,
);
