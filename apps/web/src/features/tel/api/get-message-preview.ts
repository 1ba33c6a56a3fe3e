import { telMessagePreviewSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** One message as the customer receives it: the template with its parameters (on demand). */
export function getTelMessagePreview(orderId: number, messageId: number) {
  return apiRequest(`/api/tel/list/${orderId}/messages/${messageId}/preview`, {
    schema: telMessagePreviewSchema,
  });
}

export function useTelMessagePreview(orderId: number, messageId: number) {
  return useQuery({
    queryKey: telKeys.preview(orderId, messageId),
    queryFn: () => getTelMessagePreview(orderId, messageId),
  });
}
