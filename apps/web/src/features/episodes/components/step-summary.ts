import type { EpisodeStep } from '@tsunagu/contracts';

const days = (offset: number, anchor: string) =>
  offset === 0 ? anchor : `${anchor}の${Math.abs(offset)}日${offset < 0 ? '前' : '後'}`;

/** A step's timing as the operator says it: 「来店日の1日前 19:00」「予約時すぐ」. */
export function stepTiming(step: Pick<EpisodeStep, 'anchor' | 'offset_days' | 'at_time'>): string {
  switch (step.anchor) {
    case 'booked':
      return '予約時すぐ';
    case 'visit':
      return `${days(step.offset_days, '来店日')} ${step.at_time ?? ''}`.trim();
    case 'followed':
      return step.at_time === null && step.offset_days === 0
        ? '友だち追加時すぐ'
        : `${days(step.offset_days, '友だち追加')} ${step.at_time ?? ''}`.trim();
  }
}
