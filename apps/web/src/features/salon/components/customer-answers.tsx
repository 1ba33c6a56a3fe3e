import type { Reservation } from '@tsunagu/contracts';
import { Fragment } from 'react';

/**
 * What the customer answered to the online config's questions when booking on the booking page
 * (decision 0126), under the labels as they were asked. Nothing for a console reservation.
 */
export function CustomerAnswers({ answers }: { answers: Reservation['customer_answers'] }) {
  if (answers.length === 0) return null;
  return (
    <section className="salon-detail__answers" aria-label="お客様の回答">
      <h3>お客様の回答</h3>
      <dl className="salon-detail__facts">
        {answers.map((answer) => (
          <Fragment key={answer.field_id}>
            <dt>{answer.label}</dt>
            <dd className="salon-detail__answer">{answer.value || '未回答'}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
