import { funnelStepLabel, type FunnelChoices, type FunnelResult } from '@tsunagu/contracts';
import { csvLine, csvStart, encodeCsv, type CsvEncoding } from '../../lib/csv/decode.js';

const percentText = (value: number | null) => (value === null ? '' : `${value}%`);

/** The result table as a CSV file Excel opens (the friends CSV's encoder, decision 0363). */
export function funnelCsv(
  result: FunnelResult,
  choices: FunnelChoices,
  encoding: CsvEncoding,
): Buffer {
  const lines = [
    csvLine(['ステップ', '行動', '到達', '未到達', '到達率', '前ステップからの率', '目標']),
    csvLine(['対象', '対象の友だち', String(result.cohort), '', '', '', '']),
    ...result.steps.map((step) =>
      csvLine([
        String(step.step),
        funnelStepLabel(step, choices),
        String(step.reached),
        String(step.not_reached),
        percentText(step.rate),
        percentText(step.step_rate),
        percentText(step.goal),
      ]),
    ),
  ];
  return Buffer.concat([csvStart(encoding), encodeCsv(lines.join(''), encoding)]);
}
