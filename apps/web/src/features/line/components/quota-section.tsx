import { useId } from 'react';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useLineQuota } from '../api/get-quota';
import { LINE_TEXT } from './line-text';

/**
 * This month's message limit and how much of it was sent, as LINE counts them. While LINE refuses
 * the channel's token (`paused`) it would refuse this too: the page says so once, above.
 */
export function QuotaSection({ paused }: { paused: boolean }) {
  const quota = useLineQuota(!paused);
  const headingId = useId();
  return (
    <section className="line-card" aria-labelledby={headingId} aria-busy={quota.isFetching}>
      <h2 id={headingId} className="line-card__title">
        {LINE_TEXT.quotaHeading}
      </h2>
      {paused ? (
        <p className="line-card__lead">{LINE_TEXT.quotaPaused}</p>
      ) : quota.isPending ? (
        <Loading />
      ) : quota.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(quota.error)}
        </p>
      ) : (
        <dl className="line-facts line-facts--quota">
          <div>
            <dt>{LINE_TEXT.quotaUsed}</dt>
            <dd>{LINE_TEXT.messages(quota.data.used)}</dd>
          </div>
          <div>
            <dt>{LINE_TEXT.quotaLimit}</dt>
            <dd>
              {quota.data.limit === null
                ? LINE_TEXT.quotaUnlimited
                : LINE_TEXT.messages(quota.data.limit)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
