import { lineDetailText, type LineErrorDetail } from '@tsunagu/contracts';

/**
 * LINE's `details[]` of a refused message (decision 0185): each property LINE named, what is
 * wrong in Japanese, and LINE's own words beside it (or only LINE's, when we have no Japanese).
 */
export function LineErrorDetails({ details }: { details: readonly LineErrorDetail[] }) {
  if (details.length === 0) return null;
  return (
    <ul className="line-error-details" aria-label="LINE が指摘した箇所">
      {details.map((detail, index) => (
        <li key={index}>{lineDetailText(detail)}</li>
      ))}
    </ul>
  );
}
