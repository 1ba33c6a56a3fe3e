import {
  contentGroupListSchema,
  landingChoicesSchema,
  landingPageListSchema,
  landingPageSchema,
  okResponseSchema,
  siteListSchema,
  sitePageSchema,
  siteSchema,
  type LandingPageInput,
  type SitePageInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Landing pages and sites (issue 29, decisions 0340–0343); every write reloads the screens. */
export const landingKeys = {
  all: ['landing-pages'] as const,
  list: () => [...landingKeys.all, 'list'] as const,
  detail: (id: number) => [...landingKeys.all, 'detail', id] as const,
  sites: () => [...landingKeys.all, 'sites'] as const,
  sitePage: (id: number) => [...landingKeys.all, 'site-page', id] as const,
  choices: () => [...landingKeys.all, 'choices'] as const,
};

export const useLandingPages = () =>
  useQuery({
    queryKey: landingKeys.list(),
    queryFn: () => apiRequest('/api/line/landing_pages', { schema: landingPageListSchema }),
  });

/** What a page's blocks may point at, by name (decision 0423). */
export const useLandingChoices = () =>
  useQuery({
    queryKey: landingKeys.choices(),
    queryFn: () => apiRequest('/api/line/landing_pages/choices', { schema: landingChoicesSchema }),
  });

export const useLandingPage = (id: number | null) =>
  useQuery({
    queryKey: landingKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/line/landing_pages/${id}`, { schema: landingPageSchema }),
    enabled: id !== null,
  });

export function useSaveLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: LandingPageInput }) =>
      apiRequest(id === null ? '/api/line/landing_pages' : `/api/line/landing_pages/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        schema: landingPageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

export function usePublishLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      apiRequest(`/api/line/landing_pages/${id}/${publish ? 'publish' : 'unpublish'}`, {
        method: 'POST',
        schema: landingPageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

export function useDeleteLandingPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/line/landing_pages/${id}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

export const useSites = () =>
  useQuery({
    queryKey: landingKeys.sites(),
    queryFn: () => apiRequest('/api/line/sites', { schema: siteListSchema }),
  });

export function useCreateSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      name: string;
      slug: string;
      salon_id: number | null;
      group_id: number | null;
    }) => apiRequest('/api/line/sites', { method: 'POST', body: input, schema: siteSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

export function useCreateSitePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, input }: { siteId: number; input: SitePageInput }) =>
      apiRequest(`/api/line/sites/${siteId}/pages`, {
        method: 'POST',
        body: input,
        schema: sitePageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

export const useSitePage = (id: number) =>
  useQuery({
    queryKey: landingKeys.sitePage(id),
    queryFn: () => apiRequest(`/api/line/site_pages/${id}`, { schema: sitePageSchema }),
  });

export function useSaveSitePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SitePageInput }) =>
      apiRequest(`/api/line/site_pages/${id}`, {
        method: 'PUT',
        body: input,
        schema: sitePageSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: landingKeys.all }),
  });
}

/** The account's content groups (folders) to file a site in (the same list trackers use). */
export const useSiteFolders = () =>
  useQuery({
    queryKey: ['content-groups'],
    queryFn: () => apiRequest('/api/line/content-groups', { schema: contentGroupListSchema }),
  });
