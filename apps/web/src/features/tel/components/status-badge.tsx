import {
  TEL_MESSAGE_STATUS_LABELS,
  TEL_ORDER_STATUS_LABELS,
  type TelMessageStatus,
  type TelOrderStatus,
  type TelStatusColor,
} from '@tsunagu/contracts';

function StatusBadge({ label, color }: { label: string; color: TelStatusColor }) {
  return (
    <span className={`tel-status tel-status--${color}`} data-color={color}>
      {label}
    </span>
  );
}

/** TEL-15..19, DEC-02 */
export function OrderStatusBadge({ status }: { status: TelOrderStatus }) {
  return <StatusBadge {...TEL_ORDER_STATUS_LABELS[status]} />;
}

/** TEL-38..42, DEC-02 */
export function MessageStatusBadge({ status }: { status: TelMessageStatus }) {
  return <StatusBadge {...TEL_MESSAGE_STATUS_LABELS[status]} />;
}
