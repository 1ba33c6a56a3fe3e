import { lineChannelSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

export function getLineChannel() {
  return apiRequest('/api/line/channel', { schema: lineChannelSchema });
}

export function useLineChannel() {
  return useQuery({ queryKey: lineKeys.channel(), queryFn: getLineChannel });
}
