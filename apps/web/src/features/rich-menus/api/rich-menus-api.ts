import {
  actionSetListSchema,
  formDetailSchema,
  formsSchema,
  friendRichMenuSchema,
  memberQuerySchema,
  richMenuInsightSchema,
  richMenuListSchema,
  richMenuSchema,
  salonListSchema,
  salonUrlSchema,
  tagListSchema,
  type RichMenu,
  type RichMenuAudience,
  type RichMenuInput,
  type RichMenuScheduleInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

const base = '/api/line/rich_menus';

export const richMenuKeys = {
  all: ['rich_menus'] as const,
  list: () => [...richMenuKeys.all, 'list'] as const,
  detail: (id: number) => [...richMenuKeys.all, 'detail', id] as const,
  choices: () => [...richMenuKeys.all, 'choices'] as const,
  links: () => [...richMenuKeys.all, 'links'] as const,
};

/** The picture's address (the server's prepared JPEG/PNG); `v` busts the cache after a change. */
export const richMenuImageUrl = (menu: Pick<RichMenu, 'id' | 'updated_at'>) =>
  `${base}/${menu.id}/image?v=${encodeURIComponent(menu.updated_at)}`;

/** While a publish job runs, the screen asks again every few seconds (the read shape's progress). */
const POLL_MS = 3000;
const isWorking = (menu: RichMenu | undefined) => menu?.state === 'publishing';

export const useRichMenus = () =>
  useQuery({
    queryKey: richMenuKeys.list(),
    queryFn: () => apiRequest(base, { schema: richMenuListSchema }),
    refetchInterval: (query) =>
      query.state.data?.rich_menus.some((menu) => isWorking(menu)) ? POLL_MS : false,
  });

export const useRichMenu = (id: number | null) =>
  useQuery({
    queryKey: richMenuKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`${base}/${id}`, { schema: richMenuSchema }),
    enabled: id !== null,
    refetchInterval: (query) => (isWorking(query.state.data) ? POLL_MS : false),
  });

function useMenuWrite<Input>(write: (input: Input) => Promise<RichMenu>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (menu) => {
      client.setQueryData(richMenuKeys.detail(menu.id), menu);
      return client.invalidateQueries({ queryKey: richMenuKeys.list() });
    },
  });
}

/** Makes a draft (id null) or saves the menu again (decision 0268). */
export const useSaveRichMenu = () =>
  useMenuWrite(({ id, input }: { id: number | null; input: RichMenuInput }) =>
    apiRequest(id === null ? base : `${base}/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      schema: richMenuSchema,
    }),
  );

/** The owner's JPEG/PNG as it is; the server turns it upright, crops and compresses it. */
export const useUploadRichMenuImage = () =>
  useMenuWrite(({ id, file }: { id: number; file: Blob }) =>
    apiRequest(`${base}/${id}/image`, { method: 'PUT', body: file, schema: richMenuSchema }),
  );

/** `POST …/{id}/publish` with the audience; the job's progress is read back from the menu. */
export const usePublishRichMenu = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, audience }: { id: number; audience: RichMenuAudience }) =>
      apiRequest(`${base}/${id}/publish`, { method: 'POST', body: { audience } }),
    onSettled: () => client.invalidateQueries({ queryKey: richMenuKeys.all }),
  });
};

export const useDeleteRichMenu = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: richMenuKeys.all }),
  });
};

/** A call the server of this build does not have yet (404/405 without a body of ours). */
export const isMissingRoute = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 405);

export type Choice = { id: number; name: string };
export type RichMenuChoices = { actionSets: Choice[]; tags: Choice[]; segments: Choice[] };

/** What an area's action and the audience can name, by name (each list is small). */
export const useRichMenuChoices = () =>
  useQuery({
    queryKey: richMenuKeys.choices(),
    queryFn: async (): Promise<RichMenuChoices> => {
      const [sets, tags, segments] = await Promise.all([
        apiRequest('/api/line/action_sets', { schema: actionSetListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
        apiRequest('/api/journey/member_queries', { schema: z.array(memberQuerySchema) }),
      ]);
      const named = (items: readonly { id: number; name: string }[]) =>
        items.map(({ id, name }) => ({ id, name }));
      return {
        actionSets: named(sets.action_sets),
        tags: named(tags.tags),
        segments: named(segments),
      };
    },
  });

export type LinkChoice = { key: string; name: string; url: string | null; formId?: number };

/**
 * Pages an area can open, by name: the salons' booking URLs and the answer forms (a form's
 * address is read when it is picked). A list that cannot be read is left out.
 */
export const useLinkChoices = () =>
  useQuery({
    queryKey: richMenuKeys.links(),
    queryFn: async (): Promise<LinkChoice[]> => {
      const salons = await apiRequest('/api/salons', { schema: salonListSchema }).catch(() => []);
      const urls = await Promise.all(
        salons.map((salon) =>
          apiRequest(`/api/salon/${salon.id}/salon_urls`, { schema: z.array(salonUrlSchema) })
            .then((list) =>
              list.map((u) => ({
                key: `salon-url-${u.id}`,
                name: `予約ページ：${salon.name}（${u.name}）`,
                url: u.url,
              })),
            )
            .catch(() => []),
        ),
      );
      const forms = await apiRequest('/api/v_resource/form', { schema: formsSchema }).catch(() => ({
        items: [],
      }));
      return [
        ...urls.flat(),
        ...forms.items.map((form) => ({
          key: `form-${form.id}`,
          name: `回答フォーム：${form.name}`,
          url: null,
          formId: form.id,
        })),
      ];
    },
  });

/** A form's public address (`/f/{public_key}` on this console's host). */
export async function formUrl(formId: number): Promise<string> {
  const form = await apiRequest(`/api/forms/${formId}`, { schema: formDetailSchema });
  return `${window.location.origin}/f/${form.public_key}`;
}

/** The friend's menu and the rule that gave it (decision 0300). */
export const useFriendRichMenu = (friendId: number) =>
  useQuery({
    queryKey: [...richMenuKeys.all, 'friend', friendId] as const,
    queryFn: () =>
      apiRequest(`/api/line/friends/${friendId}/rich_menu`, { schema: friendRichMenuSchema }),
  });

/** `PUT …/{id}/schedule`: when the menu is shown (ISO with offset, null open). */
export function useSetRichMenuSchedule() {
  return useMenuWrite((input: { id: number } & RichMenuScheduleInput) =>
    apiRequest(`${base}/${input.id}/schedule`, {
      method: 'PUT',
      body: { show_from: input.show_from, show_until: input.show_until },
      schema: richMenuSchema,
    }),
  );
}

/**
 * Taps: our postback count per area beside LINE's insight (decision 0262). LINE allows 60 calls
 * an hour, so it is read on demand (`enabled`) and kept for ten minutes.
 */
export const useRichMenuInsight = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...richMenuKeys.all, 'insight', id] as const,
    queryFn: () => apiRequest(`${base}/${id}/insight`, { schema: richMenuInsightSchema }),
    enabled,
    staleTime: 10 * 60_000,
  });
